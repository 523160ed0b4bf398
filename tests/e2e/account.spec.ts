import { type Browser, expect, type Page, test } from "@playwright/test";
import { hydrated, registerByApi, uniqueEmail } from "./support";

const PASSWORD = "Account#Pass1";
const NEW_PASSWORD = "Account#Pass2-new";

/**
 * A fresh account signed in on `page` (the admin's password is shared by every spec: never change it). Signed up
 * through the API — the page's context keeps the session; the sign-up pages have specs of their own (auth*.spec.ts).
 */
async function freshAccount(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerByApi(page.request, email, PASSWORD);
  return email;
}

/**
 * Whether the password signs in, asked of the API the login form's action calls (the form has specs of its own) from
 * a browser context without a session: true when it signs in, false when it is refused as a wrong password.
 */
async function signsIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const res = await context.request.post("/api/user/passwordLogin", { data: { phoneOrEmail: email, password } });
  const envelope = await res.json();
  await context.close();
  if (envelope.code !== "0000") expect(envelope.message).toMatch(/^用户不存在或密码错误/);
  return envelope.code === "0000";
}

for (const javaScript of [true, false]) {
  const label = javaScript ? "with JavaScript" : "without JavaScript";
  test.describe(label, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("设置 → 重置密码 refuses a wrong current password, then changes it", async ({ page, browser }) => {
      const email = await freshAccount(page, javaScript ? "pwjs" : "pwnojs");
      await page.goto("/account/password");
      await expect(
        page.getByRole("navigation", { name: "设置" }).getByRole("link", { name: "重置密码" }),
      ).toHaveAttribute("aria-current", "page");
      await page.getByLabel("当前密码").fill("not-my-password");
      await page.getByLabel("新密码", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("确认新密码").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "修改密码" }).click();
      await expect(page.getByText("当前密码不正确")).toBeVisible();
      expect(await signsIn(browser, email, PASSWORD)).toBe(true);

      await page.getByLabel("当前密码").fill(PASSWORD);
      await page.getByLabel("新密码", { exact: true }).fill("12345678");
      await page.getByLabel("确认新密码").fill("12345678");
      await page.getByRole("button", { name: "修改密码" }).click();
      await expect(page.getByText(/过于常见/)).toBeVisible();

      await page.getByLabel("当前密码").fill(PASSWORD);
      await page.getByLabel("新密码", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("确认新密码").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "修改密码" }).click();
      await expect(page.getByText("密码已修改，其他设备上的登录已退出")).toBeAttached();
      expect(await signsIn(browser, email, NEW_PASSWORD)).toBe(true);
      expect(await signsIn(browser, email, PASSWORD)).toBe(false);
    });

    test("设置 → 主题 stores the choice in the theme cookie and the page turns dark", async ({ page, context }) => {
      await freshAccount(page, javaScript ? "themejs" : "themenojs");
      await page.goto("/account/theme");
      await page.getByRole("radio", { name: /^深色/ }).check();
      await page.getByRole("button", { name: "应用" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
      await page.reload();
      await expect(page.getByRole("radio", { name: /^深色/ })).toBeChecked();
      await page.getByRole("radio", { name: /^跟随系统/ }).check();
      await page.getByRole("button", { name: "应用" }).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    });

    test("忘记密码 from the login page says to ask an admin when there is no mail server", async ({ page }) => {
      await page.goto("/login");
      await page.getByRole("link", { name: "忘记密码？" }).click();
      await expect(page).toHaveURL("/forgot-password");
      await page.getByLabel("邮箱").fill("someone@example.com");
      await page.getByRole("button", { name: "发送验证码" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "本站没有配置邮件服务" })).toBeVisible();
      await expect(page.getByText(/请联系管理员/)).toBeVisible();
    });

    test("设置 → 邮箱绑定 sends a code to the new address and binds it", async ({ page, browser }) => {
      await freshAccount(page, javaScript ? "bindjs" : "bindnojs");
      const next = uniqueEmail("bound");
      await page.goto("/account/email");
      await page.getByLabel("新邮箱").fill(next);
      await page.getByRole("button", { name: "发送验证码" }).click();
      await expect(page).toHaveURL(/\/account\/email\?email=/);
      const notice = await page.getByRole("status").filter({ hasText: "本次验证码" }).textContent();
      const code = /本次验证码：(\d{6})/.exec(notice ?? "")?.[1] ?? "";
      if (javaScript) {
        // Six boxes: pasting the whole code fills them all and submits.
        await expect(page.getByLabel("第 6 位")).toBeVisible();
        await page
          .getByLabel(/验证码/)
          .first()
          .focus();
        await page.evaluate((text) => {
          const data = new DataTransfer();
          data.setData("text", text);
          document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
        }, code);
      } else {
        await page.getByLabel(/验证码/).fill(code);
        await page.getByRole("button", { name: "绑定" }).click();
      }
      await expect(page.getByText("邮箱已绑定")).toBeAttached();
      await expect(page.getByText(`当前绑定：${next}`)).toBeVisible();
      expect(await signsIn(browser, next, PASSWORD)).toBe(true);
    });
  });
}

test("the 设置 entry of the user menu opens the account tabs", async ({ page }) => {
  await freshAccount(page, "menu");
  await page.goto("/");
  await hydrated(page.getByRole("button", { name: /账号菜单/ }));
  await page.getByRole("button", { name: /账号菜单/ }).click();
  await page.getByRole("menuitem", { name: "设置" }).click();
  await expect(page).toHaveURL("/profile");
  for (const tab of ["账号", "邮箱绑定", "重置密码", "主题"]) {
    await expect(page.getByRole("navigation", { name: "设置" }).getByRole("link", { name: tab })).toBeVisible();
  }
});

test("an unknown address while signed in keeps the rail around the 404", async ({ page }) => {
  await freshAccount(page, "nf");
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "主导航" })).toBeVisible();
});
