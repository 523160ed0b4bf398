import { expect, type Page, test } from "@playwright/test";
import { call, createAgent, newPerson, signedInAdmin, uniqueName } from "./publish-support";
import { signIn, signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("a user who is not a system admin is sent home from /system", async ({ browser }) => {
  const user = await newPerson(browser, "notadmin", false);
  await user.page.goto("/system/config");
  await expect(user.page).toHaveURL("/");
  await expect(user.page.getByText("只有系统管理员可以访问系统管理")).toBeAttached();
  await expect(user.page.getByRole("link", { name: "系统管理" })).toHaveCount(0);
  await user.context.close();
});

test("用户管理: add, search and page, edit, disable and enable, message, delete", async ({ page }) => {
  await signInAdmin(page, "/system");
  await expect(page).toHaveURL("/system/user/manage");
  const prefix = uniqueName("u");

  // 新增用户 is a form on the page; the server's validation shows under the field.
  await page.getByRole("link", { name: "新增用户" }).click();
  await expect(page).toHaveURL(/dialog=add/);
  const form = page.getByRole("dialog", { name: "新增用户" });
  await form.getByRole("button", { name: "添加" }).click();
  await expect(form.getByText("请输入用户名")).toBeVisible();
  await form.getByLabel("用户名").fill(`${prefix}x`);
  await form.getByLabel("昵称").fill("无脚本用户");
  await form.getByLabel("邮箱").fill("not-an-email");
  await form.getByLabel("密码", { exact: true }).fill("Plain#Pass1");
  await form.getByRole("button", { name: "添加" }).click();
  await expect(form.getByText("邮箱格式不正确")).toBeVisible();
  await form.getByLabel("邮箱").fill(`${prefix}@example.com`);
  await form.getByRole("button", { name: "添加" }).click();
  await expect(page.getByText(`已添加用户 ${prefix}x`)).toBeAttached();
  await expect(page).not.toHaveURL(/dialog=/);

  // Eleven more make two pages of ten for this search.
  for (let i = 0; i < 11; i++) {
    await call(page, "/api/system/user/add", { userName: `${prefix}${i}`, password: "Plain#Pass1" });
  }
  await page.getByLabel("关键词").fill(prefix);
  await page.getByLabel("状态").selectOption("Enabled");
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(new RegExp(`kw=${prefix}`));
  await expect(page.getByText("共 12 条")).toBeVisible();
  await page.getByRole("link", { name: "第 2 页" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "第 2 页" })).toHaveAttribute("aria-current", "page");

  // Edit: nick name and role.
  await page.goto(`/system/user/manage?kw=${prefix}x`);
  await row(page, `${prefix}x`).getByRole("link", { name: "编辑 无脚本用户" }).click();
  const edit = page.getByRole("dialog", { name: `编辑用户 ${prefix}x` });
  await edit.getByLabel("昵称").fill("改过的昵称");
  await edit.getByLabel("角色").selectOption("Admin");
  await edit.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("用户信息已保存")).toBeAttached();
  await expect(row(page, `${prefix}x`)).toContainText("改过的昵称");
  await expect(row(page, `${prefix}x`)).toContainText("管理员");
  await page.getByLabel("角色").selectOption("User");
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(row(page, `${prefix}x`)).toHaveCount(0);
  await page.goto(`/system/user/manage?kw=${prefix}x`);

  // Disable and enable.
  await row(page, `${prefix}x`).getByRole("button", { name: "禁用 改过的昵称" }).click();
  await expect(page.getByText("已禁用，该用户的登录已失效")).toBeAttached();
  await expect(row(page, `${prefix}x`)).toContainText("禁用");
  await row(page, `${prefix}x`).getByRole("button", { name: "启用 改过的昵称" }).click();
  await expect(row(page, `${prefix}x`)).toContainText("启用");

  // A private message to this user.
  await row(page, `${prefix}x`).getByRole("link", { name: "发送消息给 改过的昵称" }).click();
  const send = page.getByRole("dialog", { name: "发送消息" });
  await expect(send.getByRole("radio", { name: /仅 改过的昵称/ })).toBeChecked();
  await send.getByRole("button", { name: "发送" }).click();
  await expect(send.getByText("请输入消息内容")).toBeVisible();
  await send.getByLabel("消息内容").fill("你好，这是管理员的私信");
  await send.getByRole("button", { name: "发送" }).click();
  await expect(page.getByText("消息已发送")).toBeAttached();

  // The user reads it on /notifications without JavaScript.
  const other = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const userPage = await other.newPage();
  await signIn(userPage, `${prefix}x`, "Plain#Pass1", "/notifications");
  await expect(userPage.getByRole("link", { name: /通知（\d+ 条未读消息）/ })).toBeVisible();
  const message = userPage.getByRole("listitem").filter({ hasText: "你好，这是管理员的私信" });
  await expect(message).toContainText("私信");
  await message.getByRole("button", { name: "已读" }).click();
  await expect(userPage.getByText("已标记为已读")).toBeAttached();
  await expect(userPage.getByRole("listitem").filter({ hasText: "你好，这是管理员的私信" })).toHaveAttribute(
    "aria-label",
    "已读消息",
  );
  await other.close();

  // Delete asks first, on a page of its own.
  await row(page, `${prefix}x`).getByRole("link", { name: "删除 改过的昵称" }).click();
  await expect(page).toHaveURL(/confirm=delete/);
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("用户已删除")).toBeAttached();
  await expect(row(page, `${prefix}x`)).toHaveCount(0);
});

test("发布审核 and 已发布管理: filter, reject with a reason, read the snapshot, approve, take off", async ({
  page,
  browser,
}) => {
  const builder = await newPerson(browser, "auditee");
  const first = uniqueName("审核甲");
  const second = uniqueName("审核乙");
  for (const [name, prompt] of [
    [first, "甲的提示词"],
    [second, "乙的提示词"],
  ] as const) {
    const { agentId } = await createAgent(builder.page, name, prompt);
    await call(builder.page, `/api/agent/publish/apply/${agentId}`, {
      scope: "Tenant",
      category: "Writing",
      remark: "请审核",
    });
  }
  await builder.context.close();

  await signInAdmin(page, "/system/publish/audit");
  await page.getByLabel("类型").selectOption("Agent");
  await page.getByLabel("状态").selectOption("Applying");
  await page.getByLabel("关键词").fill(first);
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/type=Agent&status=Applying&kw=/);
  await expect(row(page, first)).toContainText("待审核");
  await expect(row(page, second)).toHaveCount(0);

  await row(page, first)
    .getByRole("link", { name: `拒绝「${first}」` })
    .click();
  const reject = page.getByRole("alertdialog");
  await reject.getByRole("button", { name: "确认拒绝" }).click();
  await expect(reject.getByText("请填写拒绝原因")).toBeVisible();
  await reject.getByLabel("拒绝原因").fill("图标不清晰");
  await reject.getByRole("button", { name: "确认拒绝" }).click();
  await expect(page.getByText("已拒绝，已通知申请人")).toBeAttached();
  await expect(row(page, first)).toHaveCount(0);
  await page.getByLabel("状态").selectOption("Rejected");
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(row(page, first)).toContainText("图标不清晰");

  await page.goto(`/system/publish/audit?kw=${encodeURIComponent(second)}`);
  await row(page, second)
    .getByRole("link", { name: `查看「${second}」` })
    .click();
  await expect(page.getByText("乙的提示词")).toBeVisible();
  await expect(page.getByRole("heading", { name: "组件" })).toBeVisible();
  await page.getByRole("button", { name: "通过" }).click();
  await expect(page).toHaveURL("/system/publish/audit");
  await expect(page.getByText("已通过，智能体已发布")).toBeAttached();

  await page.getByRole("navigation", { name: "系统管理菜单" }).getByRole("link", { name: "已发布管理" }).click();
  await page.getByLabel("关键词").fill(second);
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(row(page, second)).toContainText("写作创作");
  await row(page, second)
    .getByRole("link", { name: `下架「${second}」` })
    .click();
  const offShelf = page.getByRole("alertdialog");
  await offShelf.getByLabel("下架原因").fill("测试下架");
  await offShelf.getByRole("button", { name: "确认下架" }).click();
  await expect(page.getByText("已下架，已通知发布者")).toBeAttached();
  await expect(page.getByText("暂无已发布的内容").or(page.getByText("没有符合条件的发布"))).toBeVisible();
});

test("系统配置: grouped forms, errors under the field, secrets masked, title and favicon follow at once", async ({
  browser,
}) => {
  const { context, page } = await signedInAdmin(browser, false);
  const siteName = uniqueName("站点");
  try {
    await page.goto("/system/config");
    await expect(page.getByRole("link", { name: "站点" })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("站点名称").fill(siteName);
    await page.getByLabel("网站图标地址").fill("/favicon-test.png");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存成功")).toBeAttached();
    await expect(page).toHaveTitle(`系统配置 · ${siteName}`);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon-test.png");

    await page.getByRole("link", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL("/system/config?tab=LoginConfig");
    await page.getByLabel("登录有效期（分钟）").fill("1");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByLabel("登录有效期（分钟）")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("登录有效期（分钟）")).toBeFocused();
    await expect(page.getByLabel("开放注册")).toBeChecked();

    await page.goto("/system/config?tab=MailConfig");
    await page.getByLabel("SMTP 密码").fill("smtp-secret-1");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存成功")).toBeAttached();
    const secret = page.getByLabel("SMTP 密码");
    await expect(secret).toHaveValue("");
    await expect(secret).toHaveAttribute("placeholder", "已设置（不修改请留空）");
    expect(await page.content()).not.toContain("smtp-secret-1");
    // Saving again with the box left empty keeps the secret.
    await page.getByLabel("发件人地址").fill("noreply@example.com");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存成功")).toBeAttached();
    await expect(page.getByLabel("SMTP 密码")).toHaveAttribute("placeholder", "已设置（不修改请留空）");

    await page.goto("/system/config?tab=ModelSetting");
    await expect(page.getByLabel("默认对话模型").locator("option")).not.toHaveCount(1);
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("保存成功")).toBeAttached();
  } finally {
    await call(page, "/api/system/config/add", { siteName: "智能体平台", faviconUrl: "" });
    await context.close();
  }
});

test("a system page that fails alone keeps the system navigation around its error", async ({ page }) => {
  await signInAdmin(page, "/system/publish/audit/999999");
  await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
  // The page's own boundary answered: the layout's links are still there to go on with.
  await page.getByRole("link", { name: "用户管理" }).click();
  await expect(page).toHaveURL("/system/user/manage");
});
