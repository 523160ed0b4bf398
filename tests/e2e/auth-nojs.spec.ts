import { expect, test } from "@playwright/test";
import { ADMIN, codeFromNotice, loginWithPassword, nickOf, registerByCode, uniqueEmail } from "./support";

test.use({ javaScriptEnabled: false });

test.describe("sign-in without JavaScript", () => {
  test("password login validates on the server and follows the redirect", async ({ page }) => {
    await page.goto("/space");
    await expect(page).toHaveURL("/login?redirect=%2Fspace");
    await page.getByLabel(/用户名/).fill(ADMIN.account);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByText("请输入密码")).toBeVisible();
    await expect(page.getByLabel("密码", { exact: true })).toBeFocused();

    await page.getByLabel("密码", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByText("用户不存在或密码错误")).toBeVisible();

    await page.getByLabel(/用户名/).fill(ADMIN.account);
    await page.getByLabel("密码", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
    await expect(page).toHaveTitle("智能体开发 · 智能体平台");
  });

  test("code login, resend refused within a minute, set password, sign out via the plain menu", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/login?tab=code");
    await page.getByLabel("邮箱").fill(email);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expect(page).toHaveURL(/\/verify-code\?target=/);
    const code = await codeFromNotice(page);

    // Without JavaScript there is no countdown: the plain button posts and the backend's refusal shows.
    await page.getByRole("button", { name: "重新发送" }).click();
    await expect(page.getByText(/验证码发送过于频繁/)).toBeVisible();

    await page.getByLabel("验证码").fill("12");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByText("请输入 6 位数字验证码")).toBeVisible();
    await page.getByLabel("验证码").fill(code);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/set-password/);

    await page.getByLabel("密码", { exact: true }).fill("short");
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page.getByText("请输入 8 位以上密码")).toBeVisible();
    await page.getByLabel("密码", { exact: true }).fill("NoJs#Pass1");
    await page.getByLabel("确认密码").fill("NoJs#Pass1");
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(nickOf(email));
    await expect(page.getByText("密码已设置")).toBeAttached();

    // The avatar menu is a <details> disclosure with a plain form.
    await page.getByLabel(/账号菜单/).click();
    await page.getByRole("button", { name: "退出登录" }).click();
    await expect(page).toHaveURL("/login");
    await loginWithPassword(page, email, "NoJs#Pass1");
    await expect(page).toHaveURL("/");
  });

  test("profile edits are validated on the server and saved", async ({ page }) => {
    const email = uniqueEmail("profile");
    await registerByCode(page, email, "Profile#Pass1", false);
    await page.goto("/profile");
    await expect(page.getByLabel("昵称")).toHaveValue(nickOf(email));
    await page.getByLabel("昵称").fill("12345");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("不能全是数字")).toBeVisible();
    await expect(page.getByLabel("昵称")).toBeFocused();

    const userName = `p_${Date.now().toString(36)}`;
    await page.getByLabel("昵称").fill("小明");
    await page.getByLabel("用户名").fill(userName);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("个人资料已保存")).toBeAttached();
    await expect(page.getByLabel("昵称")).toHaveValue("小明");
    await expect(page.getByLabel("用户名")).toHaveValue(userName);

    // The new user name signs in too.
    await page.getByRole("main").getByRole("button", { name: "退出登录" }).click();
    await loginWithPassword(page, userName, "Profile#Pass1");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("小明");
  });

  test("unknown pages answer 404 in Chinese", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByRole("link", { name: "返回首页" })).toHaveAttribute("href", "/");
  });
});
