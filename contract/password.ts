import { commonPasswords } from "./common-passwords";
import { z } from "./zod";

export const PASSWORD_MIN_LENGTH = 8;
const common = new Set(commonPasswords);

/** Whether a password is on the list of the most common ones (case does not make it any less guessable). */
export const isCommonPassword = (password: string) => common.has(password.toLowerCase());

/**
 * Every place a password is set (set, reset, admin add/update) uses this schema, so the rule lives once.
 * readBody prefixes the field name: "参数 'password' 至少 8 位".
 */
export const newPassword = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, `至少 ${PASSWORD_MIN_LENGTH} 位`)
    .max(64, "最多 64 位")
    .refine((p) => !isCommonPassword(p), "过于常见，请换一个更难猜的密码");
