import { expect, test } from "@playwright/test";
import { createUser, signIn, signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

test("team page forms work without JavaScript", async ({ page, browser }) => {
  const member = await createUser(browser, "plain");
  await signInAdmin(page, "/space");
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);

  // The switcher is a <details> menu; 创建团队空间 leads to its own page.
  await page.getByLabel("切换空间").click();
  await page.getByRole("link", { name: "创建团队空间" }).click();
  await expect(page).toHaveURL("/space/new");
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page.getByText("请输入空间名称")).toBeVisible();
  await expect(page.getByLabel("空间名称")).toBeFocused();
  const name = `无脚本${Date.now().toString(36)}`;
  await page.getByLabel("空间名称").fill(name);
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
  await expect(page.getByText(`已创建团队空间「${name}」`)).toBeAttached();
  const spaceId = Number(/\/space\/(\d+)\//.exec(page.url())?.[1]);

  await page.getByRole("link", { name: "成员与设置" }).click();
  await page.getByLabel("查找用户").fill(member.email);
  await page.getByRole("button", { name: "查找" }).click();
  await expect(page).toHaveURL(/find=/);
  const found = page.getByRole("listitem").filter({ hasText: member.nick });
  await found.getByLabel(`${member.nick}的角色`).selectOption("User");
  await found.getByRole("button", { name: "添加" }).click();
  const row = page.getByRole("row").filter({ hasText: member.nick });
  await expect(row).toBeVisible();
  await expect(found.getByText("已是成员")).toBeVisible();

  await row.getByLabel(`${member.nick}的角色`).selectOption("Admin");
  await row.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("角色已改为管理员")).toBeAttached();
  await expect(row.getByLabel(`${member.nick}的角色`)).toHaveValue("Admin");

  // Removal asks first: the confirmation is part of the page, reached by a plain link.
  await row.getByRole("link", { name: "移除" }).click();
  await expect(page).toHaveURL(/confirm=remove/);
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`确定将 ${member.nick} 移出空间「${name}」吗？`);
  await confirm.getByRole("button", { name: "确认移除" }).click();
  await expect(page).not.toHaveURL(/confirm=/);
  await expect(page.getByRole("row").filter({ hasText: member.nick })).toHaveCount(0);

  await page.getByRole("link", { name: "删除空间" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`确定删除空间「${name}」吗？`);
  await page.getByRole("alertdialog").getByRole("link", { name: "取消" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.getByRole("link", { name: "删除空间" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
  await expect(page.getByText(`空间「${name}」已删除`)).toBeAttached();
  await page.getByLabel("切换空间").click();
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  expect(spaceId).toBeGreaterThan(0);
});

test("a plain member sees the team read-only", async ({ page, browser }) => {
  const member = await createUser(browser, "viewer");
  const adminContext = await browser.newContext({ javaScriptEnabled: false });
  const admin = await adminContext.newPage();
  await signInAdmin(admin, "/space/new");
  await admin.getByLabel("空间名称").fill(`只读${Date.now().toString(36)}`);
  await admin.getByRole("button", { name: "创建" }).click();
  const spaceId = Number(/\/space\/(\d+)\//.exec(admin.url())?.[1]);
  await admin.goto(`/space/${spaceId}/team?find=${encodeURIComponent(member.email)}`);
  await admin.getByRole("listitem").filter({ hasText: member.nick }).getByRole("button", { name: "添加" }).click();
  await expect(admin.getByRole("row").filter({ hasText: member.nick })).toBeVisible();
  await adminContext.close();

  await signIn(page, member.email, "Member#Pass1", `/space/${spaceId}/team`);
  await expect(page).toHaveURL(`/space/${spaceId}/team`);
  await expect(page.getByRole("row").filter({ hasText: "管理员" }).first()).toContainText("创建人");
  // The role filter is for everyone; no member's role can be changed.
  await expect(page.getByRole("combobox")).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: "按角色筛选" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /的角色$/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "移除" })).toHaveCount(0);
  await expect(page.getByLabel("查找用户")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "删除空间" })).toHaveCount(0);
});
