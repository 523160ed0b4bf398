import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";

export const ADMIN = { account: "admin", password: "Admin#Pass2026", name: "管理员" };

let counter = 0;
/**
 * A new address per call, so specs never depend on each other's accounts; the worker's index keeps two workers
 * apart when they ask in the same millisecond with the same prefix (a spec's JavaScript and no-JS variants).
 */
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.env.TEST_PARALLEL_INDEX ?? 0}n${counter}@example.com`;
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

/**
 * Signs in through the API — what the login form's action calls; the session cookie lands in the page's browser
 * context — and opens `path` if one is given. For tests about something other than signing in: the form has specs
 * of its own (auth.spec.ts, auth-nojs.spec.ts), and skipping its page load, hydration and redirect saves seconds.
 */
export async function signIn(page: Page, account: string, password: string, path?: string) {
  await apiSignIn(page.request, account, password);
  if (path) await page.goto(path);
}

/** Signs in through the API only: `api` (a browser context's request, say) keeps the session cookie. */
export async function apiSignIn(api: APIRequestContext, account: string, password: string) {
  const res = await api.post("/api/user/passwordLogin", { data: { phoneOrEmail: account, password } });
  const envelope = await res.json();
  expect(envelope.code, `sign-in of ${account}: ${envelope.message}`).toBe("0000");
}

/** The admin, signed in through the API (see signIn). */
export const signInAdmin = (page: Page, path?: string) => signIn(page, ADMIN.account, ADMIN.password, path);

/**
 * Waits until React has hydrated the element: from then on React keeps its props on the DOM node (`__reactProps$…`),
 * so the element's handlers answer clicks and typing. The condition itself, instead of guessing from network idle.
 */
export async function hydrated(locator: Locator) {
  // Asked every 50 ms: the default back-off (100, 250, 500, 1000 ms) noticed hydration up to a second late.
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), {
      intervals: [50],
    })
    .toBe(true);
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
  // Typed before hydration, the address is lost when React takes the field over.
  if (javaScript) await hydrated(page.getByLabel("邮箱"));
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

/**
 * Another person, signed up through the API as the code form does it (send a code, sign in with it, set a
 * password) in a browser context of its own that is closed afterwards. The sign-up pages have specs of their own.
 */
export async function createUser(browser: Browser, prefix: string) {
  const email = uniqueEmail(prefix);
  const context = await browser.newContext();
  await registerByApi(context.request, email, "Member#Pass1");
  const info = await (await context.request.get("/api/user/getLoginInfo")).json();
  await context.close();
  return { id: info.data.id as number, email, nick: nickOf(email) };
}

/** Signs a new account up by email code through the API; `api` keeps its session afterwards. */
export async function registerByApi(api: APIRequestContext, email: string, password: string) {
  const data = async (path: string, body: object) => {
    const envelope = await (await api.post(path, { data: body })).json();
    expect(envelope.code, `${path}: ${envelope.message}`).toBe("0000");
    return envelope.message as string;
  };
  const notice = await data("/api/user/code/send", { type: "LOGIN_OR_REGISTER", email });
  const code = /本次验证码：(\d{6})/.exec(notice)?.[1];
  expect(code, `verification code in "${notice}"`).toBeTruthy();
  await data("/api/user/codeLogin", { email, code });
  await data("/api/user/password/set", { password });
}
