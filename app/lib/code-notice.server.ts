import { createCookie } from "react-router";

/**
 * What the backend said when it sent a verification code. Without a mail server its message carries the
 * code itself ("…本次验证码：123456"), and embedded installs depend on seeing it on the next page.
 * Kept for the code's 5-minute life so a failed attempt or a reload still shows it; cleared on sign-in.
 */
export interface CodeNotice {
  target: string;
  message: string;
  sentAt: number;
}

const noticeCookie = createCookie("code_notice", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 300 });

export const RESEND_AFTER_SECONDS = 60;

/** Secure when the browser came over HTTPS (behind a trusted proxy the request URL already says so). */
const secureFor = (request: Request) => ({ secure: new URL(request.url).protocol === "https:" });

export function saveNotice(request: Request, notice: CodeNotice) {
  return noticeCookie.serialize(notice, secureFor(request));
}

export async function readNotice(request: Request, target: string): Promise<CodeNotice | null> {
  const notice = (await noticeCookie.parse(request.headers.get("cookie"))) as CodeNotice | null;
  return notice?.target === target ? notice : null;
}

export function clearNotice(request: Request) {
  return noticeCookie.serialize("", { maxAge: 0, ...secureFor(request) });
}
