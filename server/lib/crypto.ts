import { hash as digest, randomBytes, randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** 256 random bits, URL-safe; only its hash is stored. */
export const newToken = () => randomBytes(32).toString("base64url");
/** One-shot (no Hash object): every authenticated request hashes its token. */
export const sha256 = (value: string) => digest("sha256", value, "hex");
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
export const randomDigits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join("");

// argon2id with the library's defaults (m=19456, t=2, p=1).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string | null, password: string) {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
