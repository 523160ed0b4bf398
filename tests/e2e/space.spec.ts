import { expect, type Page, test } from "@playwright/test";
import { createUser, signIn, signInAdmin } from "./support";

const spaceName = () => `团队${Date.now().toString(36)}`;

/** Creates a team space through the switcher's dialog and returns its id. */
async function createSpace(page: Page, name: string) {
  await page.goto("/space");
  await page.getByRole("button", { name: "切换空间" }).click();
  await page.getByRole("menuitem", { name: "创建团队空间" }).click();
  const dialog = page.getByRole("dialog", { name: "创建团队空间" });
  await dialog.getByLabel("空间名称").fill(name);
  await dialog.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
  await expect(dialog).toHaveCount(0);
  return Number(/\/space\/(\d+)\//.exec(page.url())?.[1]);
}

async function addMember(page: Page, who: { email: string; nick: string }, role: "User" | "Admin") {
  await page.getByLabel("查找用户").fill(who.email);
  await page.getByRole("button", { name: "查找" }).click();
  const found = page.getByRole("listitem").filter({ hasText: who.nick });
  await found.getByLabel(`${who.nick}的角色`).selectOption(role);
  await found.getByRole("button", { name: "添加" }).click();
  await expect(page.getByRole("row").filter({ hasText: who.nick })).toBeVisible();
}

test.describe("team spaces with JavaScript", () => {
  test("create a team space from the switcher dialog", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/space");
    await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
    await expect(page.getByRole("button", { name: "切换空间" })).toContainText("个人空间");

    await page.getByRole("button", { name: "切换空间" }).click();
    await page.getByRole("menuitem", { name: "创建团队空间" }).click();
    const dialog = page.getByRole("dialog", { name: "创建团队空间" });
    await dialog.getByRole("button", { name: "创建" }).click();
    await expect(dialog.getByText("请输入空间名称")).toBeVisible();
    await expect(dialog.getByLabel("空间名称")).toBeFocused();

    const name = spaceName();
    await dialog.getByLabel("空间名称").fill(name);
    await dialog.getByLabel("空间描述").fill("端到端测试创建的空间");
    await dialog.getByRole("button", { name: "创建" }).click();
    await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(`已创建团队空间「${name}」`)).toBeVisible();
    await expect(page.getByRole("button", { name: "切换空间" })).toContainText(name);
    await expect(page.getByText("还没有智能体", { exact: true })).toBeVisible();

    // The switcher lists both spaces and switches between them.
    await page.getByRole("button", { name: "切换空间" }).click();
    await page.getByRole("menuitem", { name: /个人空间/ }).click();
    await expect(page.getByRole("button", { name: "切换空间" })).toContainText("个人空间");
  });

  test("add a member, change the role, remove another member", async ({ page, browser }) => {
    const member = await createUser(browser, "member");
    const other = await createUser(browser, "other");
    await signInAdmin(page);
    const name = spaceName();
    const spaceId = await createSpace(page, name);
    await page.getByRole("link", { name: "成员与设置" }).click();
    await expect(page).toHaveURL(`/space/${spaceId}/team`);
    await expect(page).toHaveTitle("成员与设置 · 智能体平台");

    await addMember(page, member, "User");
    await expect(page.getByText("已添加为成员")).toBeVisible();
    await addMember(page, other, "Admin");
    const row = page.getByRole("row").filter({ hasText: member.nick });
    await expect(row.getByLabel(`${member.nick}的角色`)).toHaveValue("User");

    await row.getByLabel(`${member.nick}的角色`).selectOption("Admin");
    await row.getByRole("button", { name: "保存" }).click();
    await expect(page.getByText("角色已改为管理员")).toBeVisible();
    await page.reload();
    await expect(row.getByLabel(`${member.nick}的角色`)).toHaveValue("Admin");

    // Search narrows the list through the query string.
    await page.getByLabel("搜索成员").fill(member.nick);
    await page.getByLabel("搜索成员").press("Enter");
    await expect(page).toHaveURL(new RegExp(`kw=${member.nick}`));
    await expect(page.getByRole("row").filter({ hasText: other.nick })).toHaveCount(0);
    await page.goto(`/space/${spaceId}/team`);

    const otherRow = page.getByRole("row").filter({ hasText: other.nick });
    await otherRow.getByRole("link", { name: "移除" }).click();
    const confirm = page.getByRole("dialog", { name: "移除成员" });
    await expect(confirm).toContainText(`确定将 ${other.nick} 移出空间「${name}」吗？`);
    await confirm.getByRole("link", { name: "取消" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(otherRow).toBeVisible();

    await otherRow.getByRole("link", { name: "移除" }).click();
    await confirm.getByRole("button", { name: "确认移除" }).click();
    await expect(page.getByText(`已将 ${other.nick} 移出空间`)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: other.nick })).toHaveCount(0);
    await expect(page).toHaveURL(`/space/${spaceId}/team`);
  });

  test("rename, transfer to a member, and the new owner deletes the space", async ({ page, browser }) => {
    const heir = await createUser(browser, "heir");
    await signInAdmin(page);
    const spaceId = await createSpace(page, spaceName());
    await page.goto(`/space/${spaceId}/team`);
    await addMember(page, heir, "User");

    const renamed = spaceName();
    await page.getByLabel("空间名称").fill("");
    await page.getByRole("button", { name: "保存", exact: true }).last().click();
    await expect(page.getByText("请输入空间名称")).toBeVisible();
    await page.getByLabel("空间名称").fill(renamed);
    await page.getByRole("button", { name: "保存", exact: true }).last().click();
    await expect(page.getByText("空间信息已保存")).toBeVisible();
    await expect(page.getByRole("button", { name: "切换空间" })).toContainText(renamed);

    await page.getByLabel("转让给").selectOption({ label: heir.nick });
    await page.getByRole("button", { name: "转让", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "转让空间" });
    await expect(confirm).toContainText(`确定把空间「${renamed}」转让给 ${heir.nick} 吗？`);
    await confirm.getByRole("button", { name: "确认转让" }).click();
    await expect(page.getByText(`空间已转让给 ${heir.nick}`)).toBeVisible();
    // Now an admin of the space: no transfer or delete, the heir is the 创建人.
    await expect(page.getByRole("link", { name: "删除空间" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: heir.nick })).toContainText("创建人");

    const heirContext = await browser.newContext();
    const heirPage = await heirContext.newPage();
    await signIn(heirPage, heir.email, "Member#Pass1", `/space/${spaceId}/team`);
    await expect(heirPage).toHaveURL(`/space/${spaceId}/team`);
    await heirPage.getByRole("link", { name: "删除空间" }).click();
    const deletion = heirPage.getByRole("dialog", { name: "删除空间" });
    await expect(deletion).toContainText(`确定删除空间「${renamed}」吗？`);
    await deletion.getByRole("button", { name: "确认删除" }).click();
    await expect(heirPage).toHaveURL(/\/space\/\d+\/develop$/);
    await expect(heirPage.getByText(`空间「${renamed}」已删除`)).toBeVisible();
    await heirContext.close();

    await page.goto(`/space/${spaceId}/team`);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByText("空间不存在")).toBeVisible();
  });
});
