import { expect, type Page, test } from "@playwright/test";
import { call, createAgent, personalSpaceId, uniqueName } from "./chat-support";
import { newPerson, signedInAdmin } from "./publish-support";
import { hydrated } from "./support";

/**
 * 收藏 of published plugins and workflows: a user favourites them on the square's cards, finds them under 我的收藏,
 * and adds them to an agent of their own space from the editor's picker (group 我的收藏) — with and without JavaScript.
 */

/** A plugin and a workflow of the admin's space, published to the whole tenant (approved when the tenant audits). */
async function publishedPair(page: Page) {
  const spaceId = await personalSpaceId(page);
  const plugin = uniqueName("收藏插件");
  const pluginId = await call<number>(page, "/api/plugin/add", { spaceId, name: plugin, type: "HTTP" });
  await call(page, "/api/plugin/http/update", {
    id: pluginId,
    config: { method: "GET", url: "http://127.0.0.1:9/ping" },
  });
  const workflow = uniqueName("收藏工作流");
  const workflowId = await call<number>(page, "/api/workflow/add", { spaceId, name: workflow });
  for (const [targetType, targetId] of [
    ["Plugin", pluginId],
    ["Workflow", workflowId],
  ] as const) {
    await call(page, "/api/publish/apply", {
      targetType,
      targetId,
      category: "Efficiency",
      items: [{ scope: "Tenant" }],
    });
  }
  const applies = await call<{ records: { id: number; name: string }[] }>(page, "/api/system/publish/apply/list", {
    pageNo: 1,
    pageSize: 50,
    queryFilter: { publishStatus: "Applying" },
  });
  for (const apply of applies.records.filter((r) => r.name === plugin || r.name === workflow)) {
    await call(page, `/api/system/publish/${apply.id}`, {});
  }
  return { plugin, workflow };
}

/** Searches the square tab for `name` and returns its card. */
async function squareCard(page: Page, kind: "Plugin" | "Workflow", name: string, favourites = false) {
  await page.goto(`/square?cate_type=${kind}${favourites ? "&collect=1" : ""}`);
  const label = kind === "Plugin" ? "搜索插件" : "搜索工作流";
  await page.getByLabel(label).fill(name);
  await page.getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/kw=/);
  return page.getByRole("listitem").filter({ has: page.getByRole("button", { name: new RegExp(`收藏「${name}」`) }) });
}

/** Opens the editor's section of `kind` and adds `name` from the picker's 我的收藏 group. */
async function addFromFavourites(page: Page, kind: "插件" | "工作流", name: string, javaScript: boolean) {
  const config = page.getByRole("region", { name: "配置" });
  const section = config.getByText(kind, { exact: true });
  if (javaScript) await hydrated(section);
  await section.click();
  const picker = config.getByLabel(`添加${kind}`);
  await expect(picker.locator('optgroup[label="我的收藏"] option', { hasText: name })).toHaveCount(1);
  await picker.selectOption({ label: name });
  await config
    .locator("form")
    .filter({ has: page.getByLabel(`添加${kind}`) })
    .getByRole("button", { name: "添加" })
    .click();
  await expect(config.getByRole("button", { name: `移除${name}` })).toBeVisible();
}

test("with JavaScript: a user favourites a published plugin and workflow on the square and adds them to an agent", async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const { plugin, workflow } = await publishedPair(admin.page);
  await admin.context.close();
  const user = await newPerson(browser, "fav");
  const { page } = user;

  for (const [kind, name] of [
    ["Plugin", plugin],
    ["Workflow", workflow],
  ] as const) {
    const card = await squareCard(page, kind, name);
    const star = card.getByRole("button", { name: `收藏「${name}」` });
    await hydrated(star);
    await star.click();
    // The fetcher flips the star in place; the server's answer keeps it.
    await expect(card.getByRole("button", { name: `取消收藏「${name}」` })).toHaveAttribute("aria-pressed", "true");
    const favourites = await squareCard(page, kind, name, true);
    await expect(
      page.getByRole("navigation", { name: "收藏筛选" }).getByRole("link", { name: "我的收藏" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(favourites.getByRole("button", { name: `取消收藏「${name}」` })).toBeVisible();
  }

  const { agentId, spaceId } = await createAgent(page, "template-1");
  await page.goto(`/space/${spaceId}/agent/${agentId}`);
  await addFromFavourites(page, "插件", plugin, true);
  await addFromFavourites(page, "工作流", workflow, true);
  const agent = await call<{ agentComponentConfigList: { type: string; name: string }[] }>(
    page,
    `/api/agent/${agentId}`,
  );
  expect(agent.agentComponentConfigList.filter((c) => c.type !== "Model").map((c) => c.name)).toEqual(
    expect.arrayContaining([plugin, workflow]),
  );
  await user.context.close();
});

test("without JavaScript: favourite and unfavourite post and come back, and the picker offers the favourite", async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  const { workflow } = await publishedPair(admin.page);
  await admin.context.close();
  const user = await newPerson(browser, "favnojs", false);
  const { page } = user;

  const card = await squareCard(page, "Workflow", workflow);
  await card.getByRole("button", { name: `收藏「${workflow}」` }).click();
  await expect(page.getByRole("status").filter({ hasText: "已收藏" })).toBeVisible();
  await expect(card.getByRole("button", { name: `取消收藏「${workflow}」` })).toHaveAttribute("aria-pressed", "true");
  const favourites = await squareCard(page, "Workflow", workflow, true);
  await expect(favourites).toHaveCount(1);

  const { agentId, spaceId } = await createAgent(page, "template-1");
  await page.goto(`/space/${spaceId}/agent/${agentId}`);
  await addFromFavourites(page, "工作流", workflow, false);

  await squareCard(page, "Workflow", workflow, true);
  await page.getByRole("button", { name: `取消收藏「${workflow}」` }).click();
  await expect(page.getByRole("status").filter({ hasText: "已取消收藏" })).toBeVisible();
  await expect(page.getByText("还没有收藏的工作流")).toBeVisible();
  await user.context.close();
});
