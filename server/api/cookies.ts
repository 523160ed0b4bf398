import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { ApiEnv } from "./context";

export const TOKEN_COOKIE = "ticket";

function isHttps(c: Context<ApiEnv>, trustProxy: boolean) {
  if (trustProxy && c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https") return true;
  return new URL(c.req.url).protocol === "https:";
}

export function setTokenCookie(c: Context<ApiEnv>, token: string, expires: Date, trustProxy: boolean) {
  setCookie(c, TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: isHttps(c, trustProxy),
    expires,
  });
}

export function clearTokenCookie(c: Context<ApiEnv>) {
  deleteCookie(c, TOKEN_COOKIE, { path: "/" });
}
