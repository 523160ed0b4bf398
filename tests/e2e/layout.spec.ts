import { expect, type Page, test } from "@playwright/test";
import { call, personalSpaceId, uniqueName } from "./chat-support";
import { hydrated, signInAdmin } from "./support";

const PHONE = { width: 390, height: 844 };

/** The document's own scroll position and height: the editor's columns scroll, the page itself never does. */
const documentScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { top: root.scrollTop, overflow: root.scrollHeight - window.innerHeight };
  });

async function newAgent(page: Page) {
  const spaceId = await personalSpaceId(page);
  const agentId = await call<number>(page, "/api/agent/add", {
    spaceId,
    name: uniqueName("布局"),
    template: "template-2",
  });
  return `/space/${spaceId}/agent/${agentId}`;
}

test.describe("layout with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page);
  });

  test("the space menu is a drawer on a phone: the rail's button opens it, Esc and the backdrop close it", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/space");
    await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
    await hydrated(page.getByTitle("打开菜单"));
    const menu = page.getByRole("navigation", { name: "空间菜单" });
    await expect(menu).toBeHidden();

    await page.getByTitle("打开菜单").click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByTitle("打开菜单").click();
    await expect(menu).toBeVisible();
    // The backdrop covers the page to the right of the drawer.
    await page.getByTestId("panel-backdrop").click({ position: { x: PHONE.width - 20, y: PHONE.height / 2 } });
    await expect(menu).toBeHidden();

    // Following a link in the drawer closes it on the new page.
    await page.getByTitle("打开菜单").click();
    await menu.getByRole("link", { name: "组件库" }).click();
    await expect(page).toHaveURL(/\/library/);
    await expect(menu).toBeHidden();
  });

  test("on a wide screen the panel sits beside the page and the drawer button is not shown", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/system/user/manage");
    await expect(page.getByRole("navigation", { name: "系统管理菜单" })).toBeVisible();
    await expect(page.getByTitle("打开菜单")).toBeHidden();
  });

  test("a pending navigation shows the progress bar until the page arrives", async ({ page }) => {
    await page.goto("/");
    await hydrated(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "广场" }));
    // Hold the square's data request until the bar has been seen, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/square\.data/, async (route) => {
      await held;
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { name: "正在加载" });
    await expect(bar).toHaveCount(0);
    await page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "广场" }).click();
    await expect(bar).toBeAttached();
    // The page that is on its way is held by a skeleton (it fades in only if the wait is long).
    await expect(page.getByText("正在加载页面")).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/square$/);
    await expect(bar).toHaveCount(0);
  });

  test("the agent editor's page never scrolls when a switch or a preset is clicked", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(await newAgent(page));
    const config = page.getByRole("region", { name: "配置" });
    await hydrated(config.getByText("开启文件盒"));
    await config.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });

    await config.getByText("开启文件盒").click();
    expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });
    await config.evaluate((el) => {
      el.scrollTop = 0;
    });
    await config.getByText("创意", { exact: true }).click();
    expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });
    await expect(page.getByRole("status").filter({ hasText: "已保存" })).toBeVisible();
    expect(await documentScroll(page)).toEqual({ top: 0, overflow: 0 });
  });

  test("the editor header keeps the agent's name on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(await newAgent(page));
    const name = page.getByLabel("智能体名称");
    await expect(name).toBeVisible();
    expect((await name.boundingBox())?.width ?? 0).toBeGreaterThan(160);
  });

  test("the change history opens over a backdrop that closes it", async ({ page }) => {
    await page.goto(await newAgent(page));
    await hydrated(page.getByRole("link", { name: "变更记录" }));
    await page.getByRole("link", { name: "变更记录" }).click();
    const drawer = page.getByRole("complementary", { name: "变更记录" });
    await expect(drawer).toBeVisible();
    await page.getByTestId("drawer-backdrop").click({ position: { x: 20, y: 300 } });
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/history/);
  });

  test("the dark theme from the theme cookie is in the server's HTML", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: "dark", url: baseURL }]);
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html lang="zh-CN" data-theme="dark"/);
    await page.goto("/");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await page.evaluate(() => {
      document.documentElement.dataset.theme = "light";
      return getComputedStyle(document.body).backgroundColor;
    });
    expect(background).not.toBe(light);
  });
});

test.describe("layout without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the phone drawer still opens and closes", async ({ page }) => {
    await signInAdmin(page);
    await page.setViewportSize(PHONE);
    await page.goto("/system/user/manage");
    const menu = page.getByRole("navigation", { name: "系统管理菜单" });
    await expect(menu).toBeHidden();
    await page.getByTitle("打开菜单").click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "系统配置" }).click();
    await expect(page).toHaveURL(/\/system\/config$/);
    await expect(menu).toBeHidden();
  });

  test("a flash message is the same card as with JavaScript, away from the page title", async ({ page }) => {
    await signInAdmin(page);
    // Creating an agent redirects to its editor with a flash message.
    const spaceId = await personalSpaceId(page);
    const name = uniqueName("提示");
    await page.goto(`/space/${spaceId}/develop/new`);
    await page.getByLabel("名称").fill(name);
    await page.getByRole("button", { name: "创建" }).click();
    const notice = page.getByRole("status").filter({ hasText: name });
    await expect(notice).toBeVisible();
    const box = await notice.boundingBox();
    const viewport = page.viewportSize();
    // Bottom right: never over the title at the top.
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan((viewport?.height ?? 0) / 2);
  });
});
