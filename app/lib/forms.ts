import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { EMAIL_RE, PHONE_RE, passwordLoginInput, sendCodeInput } from "#contract/api/auth";
import type { PublicTenantConfig } from "#contract/api/tenant";
import { newPassword, PASSWORD_MIN_LENGTH } from "#contract/password";

/*
 * Form fields are the contract's rules (contract/api/*) with the form's own words on top: a field left empty
 * says what to enter ("请输入用户名") where the API would say "不能为空". Nothing here restates a limit.
 */

export { EMAIL_RE, PHONE_RE };

/** A required text field with a Chinese message for "missing" (conform turns empty inputs into undefined). */
export const requiredText = (missing: string) => z.string({ error: missing }).trim();

/** A required text field checked by a contract rule; blank (or only spaces) reads `missing`. */
export const required = <T extends z.core.$ZodType<unknown, string>>(missing: string, rule: T) =>
  requiredText(missing).min(1, missing).pipe(rule);

/** A required number checked by a contract rule (coerced ones take any input); empty or not a number reads `missing`. */
export const requiredNumber = <T extends z.core.$ZodType<unknown, any>>(missing: string, rule: T) =>
  z.number({ error: missing }).pipe(rule);

/** A new password: the contract's rule (length and the most common ones), a shorter one reads as a request. */
export const passwordField = (missing = "请输入密码") =>
  z.string({ error: missing }).min(PASSWORD_MIN_LENGTH, `请输入 ${PASSWORD_MIN_LENGTH} 位以上密码`).pipe(newPassword());

/** Signing in checks no length: accounts from before the 8-character rule keep their shorter passwords. */
export const loginPasswordField = (missing = "请输入密码") =>
  z.string({ error: missing }).min(1, missing).pipe(passwordLoginInput.shape.password);

/** An e-mail address or a phone number as the contract takes them when sending a code. */
export const emailField = (missing = "请输入邮箱") => required(missing, sendCodeInput.shape.email.unwrap());
export const phoneField = (missing = "请输入手机号") => required(missing, sendCodeInput.shape.phone.unwrap());

/** A positive integer id sent in a hidden input. */
export const idField = () => z.coerce.number({ error: "参数错误" }).int().positive("参数错误");

/** The first field with an error in a server reply: it gets `autoFocus` so focus lands there even without JS. */
export function firstInvalidField(result: SubmissionResult<string[]> | null | undefined) {
  const errors = result?.error;
  if (!errors) return undefined;
  return Object.keys(errors).find((name) => name !== "" && errors[name]?.length);
}

/** authType 3 signs in by email; every other value by phone, as the original login form does. */
export const signsInByEmail = (tenant: Pick<PublicTenantConfig, "authType">) => tenant.authType === 3;
