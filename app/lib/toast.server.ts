import { type AppLoadContext, createCookie, redirect } from "react-router";
import "./context";

export interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

const TOAST_TYPES = new Set<unknown>(["success", "error", "info"]);

/**
 * A one-shot notice carried across the redirect that follows a POST; read and cleared by the root loader.
 * Signed, so a cookie planted by someone else (a sibling subdomain, a script on another port) is ignored
 * rather than shown to the user as our own message.
 */
function toastCookie(context: AppLoadContext) {
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 60,
    secure: context.secureCookies,
    secrets: [context.cookieSecret],
  });
}

function asToast(value: unknown): Toast | null {
  if (!value || typeof value !== "object") return null;
  const { type, message } = value as Record<string, unknown>;
  return TOAST_TYPES.has(type) && typeof message === "string" && message
    ? { type: type as Toast["type"], message }
    : null;
}

export async function readToast(context: AppLoadContext, request: Request) {
  const header = request.headers.get("cookie");
  const headers = new Headers();
  if (!header?.includes("toast=")) return { toast: null, headers };
  const cookie = toastCookie(context);
  // parse() yields null for a bad signature; whatever was there is cleared either way.
  const toast = asToast(await cookie.parse(header));
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { toast, headers };
}

/** Redirect after a successful POST with a toast; `extra` carries other Set-Cookie lines (e.g. the session). */
export async function redirectWithToast(
  context: AppLoadContext,
  url: string,
  toast: Toast,
  extra: [string, string][] = [],
) {
  const headers = new Headers(extra);
  headers.append("Set-Cookie", await toastCookie(context).serialize(toast));
  return redirect(url, { headers });
}
