import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { personalSpaceId } from "./chat-support";

export const uniqueWorkflow = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** The signed-in user's first space's library on the workflow tab; answers the space id. */
export async function openWorkflowLibrary(page: Page) {
  const spaceId = await personalSpaceId(page);
  await page.goto(`/space/${spaceId}/library?type=Workflow`);
  return spaceId;
}

/** 新建 → 工作流 → the create form; ends in the new workflow's editor and answers its path. */
export async function createWorkflow(page: Page, name: string, { javaScript = true } = {}) {
  // With JavaScript the menu is a Radix dropdown once hydrated (before that, a <details> disclosure).
  if (javaScript) await expect(page.getByLabel("新建组件")).toHaveAttribute("aria-haspopup", "menu");
  await page.getByLabel("新建组件").click();
  const menu = javaScript ? page.getByRole("menu") : page.locator("details[open]");
  await menu.getByRole(javaScript ? "menuitem" : "link", { name: "工作流", exact: true }).click();
  await expect(page).toHaveURL(/\/library\/workflow\/new$/);
  await page.getByLabel("名称").fill(name);
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/workflow\/\d+$/);
  return new URL(page.url()).pathname;
}

/** A node on the canvas by its exact name (by its label: a node's problem text may name other nodes). */
export const canvasNode = (page: Page, name: string) => page.locator(`.react-flow__node[aria-label="节点 ${name}"]`);

/** Runs `action` and waits for the autosave it causes; the server must have taken it. */
export async function autosaved(page: Page, action: () => Promise<unknown>) {
  const response = page.waitForResponse((r) => r.url().includes("/resources/workflow-edit?op=save"));
  await action();
  const body = (await (await response).json()) as { code: string; message: string };
  expect(body.code, body.message).toBe("0000");
  await saved(page);
}

/** The autosave line once everything is saved. */
export const saved = (page: Page) => expect(page.getByText(/已自动保存 \d{1,2}:\d{2}:\d{2}/)).toBeVisible();

/** Drags a palette item onto a point of the canvas (or of another element) by mouse. */
export async function dragFromPalette(page: Page, label: string, target: Locator, at?: { x: number; y: number }) {
  const item = page.getByRole("navigation", { name: "节点" }).getByRole("button", { name: label, exact: true });
  await item.dragTo(target, at ? { targetPosition: at } : undefined);
}

/** Draws an edge from a source handle to a node's input handle by mouse. */
export async function connectHandles(page: Page, from: Locator, to: Locator) {
  // Hovering waits until the handle is stable (a fit-view animation may still be moving the canvas).
  await from.hover();
  const a = await from.boundingBox();
  if (!a) throw new Error("handle not visible");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2, { steps: 4 });
  const b = await to.boundingBox();
  if (!b) throw new Error("handle not visible");
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Keeps a picture of the canvas with the test's results. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: false }), contentType: "image/png" });
}
