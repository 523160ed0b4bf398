import { z } from "./zod";

// Browsers drop tabs and newlines inside URLs and read "\" as "/", so "java\tscript:" or "/\evil.com"
// would slip past a prefix check: such characters are refused outright.
const unsafeChar = (ch: string) => ch <= " " || ch === "\u007f" || ch === "\\";

/**
 * A link or image address a user may store for others to load: an absolute http(s) URL, or a path on
 * this site ("/api/file/…"). Refuses javascript:, data:, vbscript:, protocol-relative "//host" and the like.
 */
export function isSafeUrl(value: string) {
  if ([...value].some(unsafeChar)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const MESSAGE = "必须是 http(s) 链接或本站路径";

/** An optional address field: the empty string means "none". */
export const safeUrl = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max, `最多 ${max} 个字符`)
    .refine((v) => v === "" || isSafeUrl(v), MESSAGE);

/** An address that must be given. */
export const requiredSafeUrl = (max = 1000) =>
  z.string().trim().min(1, "不能为空").max(max, `最多 ${max} 个字符`).refine(isSafeUrl, MESSAGE);
