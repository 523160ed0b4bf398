import { type Browser, expect, type Page, test } from "@playwright/test";
import { call } from "./chat-support";
import { createUser, signIn, signInAdmin } from "./support";

// 成员与设置 of a team space: the role filter, the owner's switches and what they change for the members,
// and no 成员与设置 in a personal space — each with and without JavaScript. (Adding, removing, re-roling,
// transferring and deleting are in space.spec.ts and space-nojs.spec.ts.)

type Person = { id: number; email: string; nick: string };
const MEMBER_PASSWORD = "Member#Pass1";

/**
 * A new team space with `members` added, made through the API: creating a space and adding members through the
 * pages, with and without JavaScript, are space.spec.ts's and space-nojs.spec.ts's stories.
 */
async function teamWith(page: Page, members: [Person, "User" | "Admin"][]) {
  const spaceId = await call<number>(page, "/api/space/add", { name: `设置${Date.now().toString(36)}` });
  await call(
    page,
    "/api/space/user/add",
    members.map(([person, role]) => ({ spaceId, userId: person.id, role })),
  );
  return spaceId;
}

/** Someone else signed in, in a context of their own. */
async function signedIn(browser: Browser, person: Person, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, person.email, MEMBER_PASSWORD);
  return { page, close: () => context.close() };
}

const memberRows = (page: Page) => page.locator("tbody tr");
const spaceMenu = (page: Page) => page.getByRole("navigation", { name: "空间菜单" });

async function filterByRole(page: Page, role: "" | "Owner" | "Admin" | "User") {
  await page.getByLabel("按角色筛选").selectOption(role ? { value: role } : { label: "全部角色" });
  await page.getByRole("button", { name: "搜索", exact: true }).click();
  if (role) await expect(page).toHaveURL(new RegExp(`role=${role}`));
  else await expect(page).not.toHaveURL(/role=[A-Z]/);
}

/** The role filter narrows the table to 创建人, 管理员 or 成员, kept in the query string with the search. */
async function checkRoleFilter(page: Page, spaceId: number, member: Person, helper: Person) {
  await page.goto(`/space/${spaceId}/team`);
  await expect(memberRows(page)).toHaveCount(3);
  await filterByRole(page, "Admin");
  await expect(memberRows(page)).toHaveCount(1);
  await expect(memberRows(page)).toContainText(helper.nick);
  await expect(page.getByLabel("按角色筛选")).toHaveValue("Admin");
  await filterByRole(page, "Owner");
  await expect(memberRows(page)).toHaveCount(1);
  await expect(memberRows(page)).toContainText("创建人");
  await filterByRole(page, "User");
  await expect(memberRows(page)).toHaveCount(1);
  await expect(memberRows(page)).toContainText(member.nick);
  // Role and keyword together: the plain member is not called like the admin.
  await page.getByLabel("搜索成员").fill(helper.nick);
  await page.getByRole("button", { name: "搜索", exact: true }).click();
  await expect(page).toHaveURL(/role=User/);
  await expect(page.getByText("没有符合条件的成员")).toBeVisible();
  await page.getByLabel("搜索成员").fill("");
  await filterByRole(page, "");
  await expect(memberRows(page)).toHaveCount(3);
}

const switchOf = (page: Page, label: "开发者功能" | "接受外部发布") =>
  page.getByRole("checkbox", { name: new RegExp(`^${label}`) });

/** The owner saves the two switches; they stay as saved after a reload. */
async function saveSwitches(page: Page, spaceId: number, values: { develop: boolean; receive: boolean }) {
  await page.goto(`/space/${spaceId}/team`);
  await switchOf(page, "开发者功能").setChecked(values.develop);
  await switchOf(page, "接受外部发布").setChecked(values.receive);
  await page.getByRole("button", { name: "保存设置" }).click();
  await expect(page.getByText("空间设置已保存")).toBeAttached();
  await page.goto(`/space/${spaceId}/team`);
  await expect(switchOf(page, "开发者功能")).toBeChecked({ checked: values.develop });
  await expect(switchOf(page, "接受外部发布")).toBeChecked({ checked: values.receive });
}

/** With 开发者功能 off a plain member has only 成员与设置; the space's admin keeps everything. */
async function checkDevelopmentClosed(member: Page, admin: Page, spaceId: number) {
  for (const section of ["develop", "library", "develop/new"]) {
    await member.goto(`/space/${spaceId}/${section}`);
    await expect(member).toHaveURL(`/space/${spaceId}/team`);
  }
  await expect(spaceMenu(member).getByRole("link")).toHaveText(["成员与设置"]);
  await expect(member.getByRole("heading", { name: "成员与设置" })).toBeVisible();
  // The space's own address (where the switcher's entry leads) opens on 成员与设置 too.
  await member.goto(`/space/${spaceId}`);
  await expect(member).toHaveURL(`/space/${spaceId}/team`);

  await admin.goto(`/space/${spaceId}/develop`);
  await expect(admin).toHaveURL(`/space/${spaceId}/develop`);
  await expect(spaceMenu(admin).getByRole("link")).toHaveText(["智能体开发", "组件库", "成员与设置"]);
  // The switches are the owner's alone.
  await admin.goto(`/space/${spaceId}/team`);
  await expect(switchOf(admin, "开发者功能")).toHaveCount(0);
  await expect(admin.getByRole("button", { name: "保存设置" })).toHaveCount(0);
}

/** A personal space: no 成员与设置 in its menu, and its address says why there is nothing to manage. */
async function checkPersonalSpace(page: Page) {
  await page.goto("/space");
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
  await expect(spaceMenu(page).getByRole("link")).toHaveText(["智能体开发", "组件库"]);
  const personal = Number(/\/space\/(\d+)\//.exec(page.url())?.[1]);
  await page.goto(`/space/${personal}/team`);
  await expect(page.getByText("个人空间只属于你自己，不能添加成员。")).toBeVisible();
  await expect(page.getByLabel("查找用户")).toHaveCount(0);
  await expect(switchOf(page, "开发者功能")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "删除空间" })).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "team settings with JavaScript" : "team settings without JavaScript", () => {
    test.use({ javaScriptEnabled });
    // Each test signs up two or three people and signs them in on their own; that takes long on a busy machine.
    test.slow();

    test("the role filter narrows the members", async ({ page, browser }) => {
      const member = await createUser(browser, "filtered");
      const helper = await createUser(browser, "helper");
      await signInAdmin(page);
      const spaceId = await teamWith(page, [
        [member, "User"],
        [helper, "Admin"],
      ]);
      await checkRoleFilter(page, spaceId, member, helper);
    });

    test("开发者功能 off leaves plain members only 成员与设置; both switches are kept", async ({ page, browser }) => {
      const member = await createUser(browser, "closed");
      const helper = await createUser(browser, "keeper");
      await signInAdmin(page);
      const spaceId = await teamWith(page, [
        [member, "User"],
        [helper, "Admin"],
      ]);
      await page.goto(`/space/${spaceId}/team`);
      await expect(switchOf(page, "开发者功能")).toBeChecked();
      await expect(switchOf(page, "接受外部发布")).toBeChecked();
      await saveSwitches(page, spaceId, { develop: false, receive: false });

      const plain = await signedIn(browser, member, javaScriptEnabled);
      const admin = await signedIn(browser, helper, javaScriptEnabled);
      await checkDevelopmentClosed(plain.page, admin.page, spaceId);

      await saveSwitches(page, spaceId, { develop: true, receive: true });
      await plain.page.goto(`/space/${spaceId}/develop`);
      await expect(plain.page).toHaveURL(`/space/${spaceId}/develop`);
      await expect(spaceMenu(plain.page).getByRole("link")).toHaveText(["智能体开发", "组件库", "成员与设置"]);
      await plain.close();
      await admin.close();
    });

    test("a personal space has no 成员与设置", async ({ page, browser }) => {
      const person = await createUser(browser, "alone");
      await signIn(page, person.email, MEMBER_PASSWORD);
      await checkPersonalSpace(page);
    });
  });
}
