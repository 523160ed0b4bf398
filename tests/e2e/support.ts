import { type Browser, expect, type Page } from "@playwright/test";

export const ADMIN = { account: "admin", password: "Admin#Pass2026", name: "管理员" };

let counter = 0;
/** A new address per call, so specs never depend on each other's accounts. */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}@example.com`;
}

/** The nick name a code-registered account gets: the part of the email before the @. */
export const nickOf = (email: string) => email.split("@")[0] ?? email;

/** Fills and submits the password form (without waiting for the outcome). */
export async function submitPasswordLogin(page: Page, account: string, password: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel(/用户名/).fill(account);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
}

/** Signs in and waits until the browser has left the login page. */
export async function loginWithPassword(page: Page, account: string, password: string, path = "/login") {
  await submitPasswordLogin(page, account, password, path);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Reads the code out of the "系统未配置邮件服务，本次验证码：123456" notice (no mail server in tests). */
export async function codeFromNotice(page: Page) {
  const notice = page.getByRole("status").filter({ hasText: "本次验证码" });
  const text = await notice.textContent();
  const code = /本次验证码：(\d{6})/.exec(text ?? "")?.[1];
  expect(code, `verification code in "${text}"`).toBeTruthy();
  return code as string;
}

/**
 * Signs a new account up by email code and sets its password, ending on the home page. With JavaScript
 * the six digits submit themselves; without it the 登录 button is pressed.
 */
export async function registerByCode(page: Page, email: string, password: string, javaScript = true) {
  await page.goto("/login?tab=code");
  await page.getByLabel("邮箱").fill(email);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page).toHaveURL(/\/verify-code\?target=/);
  const code = await codeFromNotice(page);
  // The countdown appears once React has hydrated; from then on six digits submit themselves.
  if (javaScript) await expect(page.getByRole("button", { name: /秒后可重新发送/ })).toBeVisible();
  await page.getByLabel("验证码").fill(code);
  if (!javaScript) await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/set-password/);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByLabel("确认密码").fill(password);
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Another person, in a browser context of their own (with JavaScript, whatever the calling spec uses). */
export async function createUser(browser: Browser, prefix: string) {
  const email = uniqueEmail(prefix);
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await registerByCode(page, email, "Member#Pass1");
  await context.close();
  return { email, nick: nickOf(email) };
}
