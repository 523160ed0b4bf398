import { expect, type Page, test } from "@playwright/test";
import { hydrated, signInAdmin } from "./support";

// Lists that load slowly or fail (UI.md: a skeleton that keeps the layout, an error state with 重试). A list
// page fetches its own data apart from the page (`<page>.data?_routes=<route id>`), so holding or failing that
// one request in the browser makes the list slow or broken while the rest of the page arrives.

type Gate = { release: () => void };

/**
 * Intercepts the list's data request: `fail` answers it with a network error; otherwise it waits for the
 * returned gate's release(). The gate opens afresh each time `hold` is called again.
 */
async function interceptList(page: Page, routeId: string) {
  const state = { fail: false, gate: Promise.resolve() };
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.get("_routes") === routeId,
    async (route) => {
      if (state.fail) return route.abort("connectionfailed");
      await state.gate;
      return route.continue();
    },
  );
  return {
    hold(): Gate {
      let release = () => {};
      state.gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { release };
    },
    failing(fail: boolean) {
      state.fail = fail;
    },
  };
}

test.describe("list feedback with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signInAdmin(page);
  });

  test("a slow list shows its skeleton under the page's header, then its rows", async ({ page }) => {
    await page.goto("/system/model/manage");
    await hydrated(page.getByRole("navigation", { name: "系统管理菜单" }).getByRole("link", { name: "用户管理" }));
    const users = await interceptList(page, "routes/system-user-manage");
    const gate = users.hold();
    await page.getByRole("navigation", { name: "系统管理菜单" }).getByRole("link", { name: "用户管理" }).click();

    // The page is there at once: its title and filters, and a table skeleton where the users will be.
    await expect(page.getByRole("heading", { name: "用户管理" })).toBeVisible();
    await expect(page.getByLabel("角色", { exact: true })).toBeVisible();
    const skeleton = page.getByRole("status", { name: "正在加载用户" });
    await expect(skeleton).toBeVisible();
    await expect(page.getByLabel(/^编辑 /)).toHaveCount(0);

    gate.release();
    await expect(page.getByLabel(/^编辑 /).first()).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });

  test("a failed list says so, and 重试 shows the skeleton and then the list", async ({ page }) => {
    await page.goto("/space");
    await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
    const develop = new URL(page.url()).pathname;
    await page.getByRole("navigation", { name: "空间菜单" }).getByRole("link", { name: "组件库" }).click();
    await expect(page.getByRole("heading", { name: "组件库" })).toBeVisible();
    // The library's own list request has ended, so only the develop page's requests are intercepted below.
    await expect(page.getByRole("status", { name: "正在加载组件" })).toHaveCount(0);

    const agents = await interceptList(page, "routes/space-develop");
    agents.failing(true);
    await page.getByRole("navigation", { name: "空间菜单" }).getByRole("link", { name: "智能体开发" }).click();
    await expect(page.getByRole("heading", { name: "智能体开发" })).toBeVisible();
    const failure = page.getByRole("alert").filter({ hasText: "列表加载失败" });
    await expect(failure).toBeVisible();
    // 重试 is a plain link to this page, so it works without JavaScript as well.
    const retry = failure.getByRole("link", { name: "重试" });
    await expect(retry).toHaveAttribute("href", develop);

    agents.failing(false);
    const gate = agents.hold();
    await retry.click();
    await expect(page.getByRole("status", { name: "正在加载智能体" })).toBeVisible();
    await expect(failure).toHaveCount(0);
    gate.release();
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("status", { name: "正在加载智能体" })).toHaveCount(0);
    await expect(page).toHaveURL(develop);
  });
});

test.describe("list feedback without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every list arrives with its page: no skeleton is left waiting", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/space");
    const space = /\/space\/\d+/.exec(page.url())?.[0];
    const lists: [string, ReturnType<Page["getByRole"]>][] = [
      ["/system/user/manage", page.getByLabel(/^编辑 /).first()],
      ["/system/model/manage", page.getByRole("heading", { name: "默认模型" })],
      [`${space}/develop`, page.getByRole("article").first()],
      [`${space}/library`, page.getByRole("navigation", { name: "组件类型" })],
      ["/home/history", page.getByRole("heading", { name: "历史会话" })],
    ];
    for (const [path, content] of lists) {
      await page.goto(path);
      await expect(content).toBeVisible();
      await expect(page.getByRole("status", { name: /^正在加载/ })).toHaveCount(0);
    }
  });
});
