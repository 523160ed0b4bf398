import { createCookie, redirect } from "react-router";

export interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

/** A one-shot notice carried across the redirect that follows a POST; read and cleared by the root loader. */
const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const value = (await toastCookie.parse(request.headers.get("cookie"))) as Toast | null;
  const headers = new Headers();
  if (value) headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  return { toast: value?.message ? value : null, headers };
}

/** Redirect after a successful POST with a toast; `extra` carries other Set-Cookie lines (e.g. the session). */
export async function redirectWithToast(url: string, toast: Toast, extra: [string, string][] = []) {
  const headers = new Headers(extra);
  headers.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { headers });
}
