import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { PublicTenantConfig } from "../../server/modules/tenant/contract";

/** Same rules as the backend contract (server/modules/auth/contract.ts), repeated so the browser bundle stays server-free. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_RE = /^1[3-9]\d{9}$/;

/** A required text field with a Chinese message for "missing" (conform turns empty inputs into undefined). */
export const requiredText = (missing: string) => z.string({ error: missing }).trim();

/** A new password: the backend's minimum (server/lib/password.ts); it alone also refuses the most common ones. */
export const passwordField = (missing = "请输入密码") =>
  z.string({ error: missing }).min(8, "请输入 8 位以上密码").max(64, "密码最多 64 位");

/** Signing in checks no length: accounts from before the 8-character rule keep their shorter passwords. */
export const loginPasswordField = (missing = "请输入密码") =>
  z.string({ error: missing }).min(1, missing).max(128, "密码最多 128 位");

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
