import { expect, test } from "@playwright/test";
import {
  ADMIN,
  codeFromNotice,
  hydrated,
  loginWithPassword,
  nickOf,
  submitPasswordLogin,
  uniqueEmail,
} from "./support";

test.describe("sign-in with JavaScript", () => {
  test("the login page takes its title from the tenant and validates in Chinese", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle("登录 · 智能体平台");
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByText("请输入邮箱或用户名")).toBeVisible();
    await expect(page.getByText("请输入密码")).toBeVisible();
    await expect(page.getByLabel(/用户名/)).toBeFocused();
  });

  test("a wrong password is refused with the backend's message", async ({ page }) => {
    await submitPasswordLogin(page, ADMIN.account, "wrong-password");
    await expect(page.getByRole("alert").filter({ hasText: "用户不存在或密码错误" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("a protected page sends to login and comes back after signing in", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL("/login?redirect=%2Fprofile");
    await page.getByLabel(/用户名/).fill(ADMIN.account);
    await page.getByLabel("密码", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page).toHaveTitle("个人资料 · 智能体平台");
    // The admin sees 系统管理 in the rail.
    await expect(
      page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "系统管理" }),
    ).toBeVisible();
  });

  test("code login registers a new account, sets a password, and the password then works", async ({ page }) => {
    const email = uniqueEmail("code");
    await page.goto("/login");
    await page.getByRole("link", { name: "验证码登录/注册" }).click();
    await expect(page).toHaveURL("/login?tab=code");
    // Typed before hydration, the address is lost when React takes the field over.
    await hydrated(page.getByLabel("邮箱"));
    await page.getByLabel("邮箱").fill("not-an-email");
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expect(page.getByText("邮箱格式不正确")).toBeVisible();

    await page.getByLabel("邮箱").fill(email);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expect(page).toHaveURL(/\/verify-code\?target=/);
    const code = await codeFromNotice(page);
    // With JavaScript the resend button counts down from 60 seconds.
    await expect(page.getByRole("button", { name: /秒后可重新发送/ })).toBeDisabled();

    await page.getByLabel("验证码").fill(code === "000000" ? "111111" : "000000");
    await expect(page.getByText("验证码错误")).toBeVisible();
    await page.getByLabel("验证码").fill(code);
    await expect(page).toHaveURL(/\/set-password/);

    await page.getByLabel("密码", { exact: true }).fill("Secret#123");
    await page.getByLabel("确认密码").fill("Secret#124");
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
    await page.getByLabel("确认密码").fill("Secret#123");
    await page.getByRole("button", { name: "确定" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Hi ${nickOf(email)}，今天想做点什么？`);
    // Not an admin: no 系统管理.
    await expect(page.getByRole("link", { name: "系统管理" })).toHaveCount(0);

    await page.getByRole("button", { name: /账号菜单/ }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await expect(page).toHaveURL("/login");
    await loginWithPassword(page, email, "Secret#123");
    await expect(page).toHaveURL("/");
  });

  test("signing out ends the session", async ({ page }) => {
    await loginWithPassword(page, ADMIN.account, ADMIN.password);
    await expect(page).toHaveURL("/");
    await page.getByRole("button", { name: /账号菜单/ }).click();
    await page.getByRole("menuitem", { name: "设置" }).click();
    await expect(page).toHaveURL("/profile");
    await page.getByRole("button", { name: /账号菜单/ }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/space");
    await expect(page).toHaveURL("/login?redirect=%2Fspace");
  });

  test("a code-registered account starts on set-password and may keep its redirect", async ({ page }) => {
    const email = uniqueEmail("redirect");
    await page.goto("/space");
    await expect(page).toHaveURL("/login?redirect=%2Fspace");
    await page.getByRole("link", { name: "验证码登录/注册" }).click();
    // The password tab's field is labelled 邮箱 / 用户名 too: wait for the code tab first.
    await expect(page).toHaveURL("/login?tab=code&redirect=%2Fspace");
    await hydrated(page.getByLabel("邮箱"));
    await page.getByLabel("邮箱").fill(email);
    await page.getByRole("button", { name: "获取验证码" }).click();
    const code = await codeFromNotice(page);
    await expect(page.getByRole("button", { name: /秒后可重新发送/ })).toBeVisible();
    await page.getByLabel("验证码").fill(code);
    await expect(page).toHaveURL("/set-password?redirect=%2Fspace");
    await page.getByRole("link", { name: "暂不设置" }).click();
    await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
    await expect(page.getByText("还没有智能体", { exact: true })).toBeVisible();
  });
});
