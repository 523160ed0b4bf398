import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { call, personalSpaceId } from "./chat-support";

/** The shared fixtures: short Chinese help-centre documents of a made-up cloud service (README there). */
export const fixture = (name: string) => path.resolve(process.cwd(), "../shared/fixtures/knowledge", name);

export const uniqueKb = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Signed in: 组件库 → 新建 → 知识库 → the create form; ends on the new knowledge base's page. */
export async function createKnowledge(page: Page, name: string, javaScript = true) {
  const spaceId = await personalSpaceId(page);
  await page.goto(`/space/${spaceId}/library?type=Knowledge`);
  // With JavaScript the menu is a Radix dropdown once hydrated (before that, a <details> disclosure).
  if (javaScript) await expect(page.getByLabel("新建组件")).toHaveAttribute("aria-haspopup", "menu");
  await page.getByLabel("新建组件").click();
  const menu = javaScript ? page.getByRole("menu") : page.locator("details[open]");
  await menu.getByRole(javaScript ? "menuitem" : "link", { name: "知识库", exact: true }).click();
  await expect(page).toHaveURL(/\/library\/knowledge\/new$/);
  await page.getByLabel("名称").fill(name);
  await page.getByLabel("描述").fill("星河云帮助中心文档");
  // The default is the tenant's embedding model (the built-in offline one on a fresh install).
  await expect(page.getByLabel("向量模型")).toHaveValue("");
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/knowledge\/\d+$/);
  await expect(page.getByText(`已创建知识库「${name}」`)).toBeAttached();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const kbId = Number(/\/knowledge\/(\d+)$/.exec(page.url())?.[1]);
  return { spaceId, kbId };
}

/**
 * A knowledge base made through the API in the signed-in person's space, for tests about what comes after: the
 * create form has its runs of its own (the upload test here and knowledge-nojs).
 */
export async function knowledgeByApi(page: Page, name: string) {
  const spaceId = await personalSpaceId(page);
  const kbId = await call<number>(page, "/api/knowledge/config/add", { spaceId, name });
  return { spaceId, kbId };
}

/** A document's row in the list. */
export const docRow = (page: Page, name: string) =>
  page.getByRole("region", { name: "文档列表" }).getByRole("listitem").filter({ hasText: name });

const strategyOf = { 语义: "SEMANTIC", 全文: "FULL_TEXT", 混合: "MIXED" } as const;

/** 检索测试: asks `question` in the given mode and answers the results region (once the page shows that search). */
export async function search(page: Page, question: string, mode: keyof typeof strategyOf, threshold?: string) {
  if (!page.url().includes("tab=search")) {
    await page.getByRole("navigation", { name: "知识库内容" }).getByRole("link", { name: "检索测试" }).click();
    await expect(page).toHaveURL(/tab=search/);
  }
  await page.getByLabel("检索内容").fill(question);
  await page.getByRole("radio", { name: new RegExp(`^${mode}`) }).check();
  if (threshold) await page.getByLabel("匹配度阈值").fill(threshold);
  await page.getByRole("button", { name: "检索", exact: true }).click();
  const query = new URLSearchParams({ question, searchStrategy: strategyOf[mode] });
  await expect(page).toHaveURL((url) => [...query].every(([key, value]) => url.searchParams.get(key) === value));
  return page.getByRole("region", { name: "检索结果" });
}
