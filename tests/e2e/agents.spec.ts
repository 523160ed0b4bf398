import { expect, type Page, test } from "@playwright/test";
import { call, personalSpaceId } from "./chat-support";
import { hydrated, signInAdmin } from "./support";

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** The agent id in an editor URL (/space/:spaceId/agent/:agentId). */
const agentIdOf = (page: Page) => Number(/\/agent\/(\d+)/.exec(page.url())?.[1]);

/**
 * Waits for the editor's autosave POST that `change` causes (debounced by a second): the one sent after the change is
 * complete, which carries all of it — on a slow machine an earlier one may leave while the change is still being
 * typed, and a reload right after that one would drop the rest.
 */
async function autosaved(page: Page, change: () => Promise<void>) {
  const id = agentIdOf(page);
  await change();
  const request = await page.waitForRequest((req) => req.method() === "POST" && req.url().includes(`/agent/${id}`));
  expect((await request.response())?.ok()).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: "已保存" })).toBeVisible();
}

/** Opens the personal space's develop page and waits until React has hydrated it. */
async function openDevelop(page: Page) {
  await page.goto("/space");
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);
  await hydrated(page.getByRole("link", { name: "创建智能体" }).first());
  return Number(/\/space\/(\d+)\//.exec(page.url())?.[1]);
}

/** Creates an agent from a template through the dialog; ends in its editor. */
async function createAgent(page: Page, name: string, template: string) {
  await page.getByRole("link", { name: "创建智能体" }).first().click();
  const dialog = page.getByRole("dialog", { name: "创建智能体" });
  await dialog.getByLabel("名称").fill(name);
  await dialog.getByText(template, { exact: true }).click();
  await dialog.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/agent\/\d+/);
  await expect(page.getByLabel("智能体名称")).toHaveValue(name);
  await hydrated(page.getByLabel("智能体名称"));
}

/**
 * An agent from a template made through the API, for tests about what comes after creating one (the dialog is the
 * first test's story); answers its space and id.
 */
async function agentByApi(page: Page, name: string, template: "template-1" | "template-3" | "template-4") {
  const spaceId = await personalSpaceId(page);
  const agentId = await call<number>(page, "/api/agent/add", { spaceId, name, template });
  return { spaceId, agentId };
}

/** Opens an agent's editor and waits until React has hydrated it. */
async function openEditor(page: Page, spaceId: number, agentId: number) {
  await page.goto(`/space/${spaceId}/agent/${agentId}`);
  await hydrated(page.getByLabel("智能体名称"));
}

function card(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("link", { name, exact: true }) });
}

async function cardMenu(page: Page, name: string, item: string) {
  await page.getByRole("button", { name: `${name}的更多操作` }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

test.describe("agents with JavaScript", () => {
  test("create from a template and edit the prompt", async ({ page }) => {
    await signInAdmin(page);
    await openDevelop(page);
    await expect(page).toHaveTitle("智能体开发 · 智能体平台");

    // The dialog validates on the client first.
    await page.getByRole("link", { name: "创建智能体" }).first().click();
    const dialog = page.getByRole("dialog", { name: "创建智能体" });
    await dialog.getByRole("button", { name: "创建" }).click();
    await expect(dialog.getByText("请输入智能体名称")).toBeVisible();
    await dialog.getByRole("button", { name: "取消" }).click();

    const name = unique("写作");
    await createAgent(page, name, "写作助手");
    await expect(page.getByText(`已创建智能体「${name}」`)).toBeVisible();
    const prompt = page.getByLabel("人设与回复逻辑");
    await expect(prompt).toHaveValue(/\{\{tone\}\}/);

    // Typed text and a variable inserted at the cursor are saved without a button.
    await autosaved(page, async () => {
      await prompt.fill("你是一位简洁的写作助手，语气：");
      await page.getByRole("button", { name: "插入变量 tone" }).click();
    });
    await page.reload();
    await expect(prompt).toHaveValue("你是一位简洁的写作助手，语气：{{tone}}");

    // Every change is in the history.
    await page.getByRole("link", { name: "变更记录" }).click();
    const history = page.getByRole("complementary", { name: "变更记录" });
    await expect(history.getByText("修改配置").first()).toBeVisible();
    await expect(history.getByText("从模板「写作助手」创建")).toBeVisible();
    await history.getByRole("link", { name: "关闭变更记录" }).click();
    await expect(history).toHaveCount(0);

    // The develop page lists it; search goes in the query string.
    await page.getByRole("link", { name: "返回智能体开发" }).click();
    await page.getByLabel("搜索智能体").fill(name);
    await page.getByLabel("搜索智能体").press("Enter");
    await expect(page).toHaveURL(new RegExp(`kw=${encodeURIComponent(name)}`));
    // The search has finished loading once only its match is listed; a star clicked before that posts to the old page.
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, name)).toContainText("开发中");
    const star = card(page, name).getByRole("button", { name: `收藏${name}` });
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(star).toHaveAttribute("aria-pressed", "true");
  });

  test("add and remove a variable, change the model settings", async ({ page }) => {
    await signInAdmin(page);
    const { spaceId, agentId } = await agentByApi(page, unique("空白"), "template-1");
    await openEditor(page, spaceId, agentId);

    const config = page.getByRole("region", { name: "配置" });
    await config.locator("summary", { hasText: "添加变量" }).click();
    await config.getByRole("button", { name: "添加变量" }).click();
    await expect(config.getByText("请输入变量名")).toBeVisible();
    await config.getByLabel("变量名").fill("city");
    await config.getByLabel("显示名").fill("城市");
    await config.getByRole("button", { name: "添加变量" }).click();
    await expect(page.getByText("已添加变量 city")).toBeVisible();
    await expect(config.getByRole("cell", { name: /city\s*城市/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "插入变量 city" })).toBeVisible();
    await config.getByRole("button", { name: "删除变量 city" }).click();
    await expect(page.getByText("已删除变量 city")).toBeVisible();
    await expect(config.getByRole("cell", { name: /city\s*城市/ })).toHaveCount(0);

    // A preset fills temperature and top_p; the values are kept after a reload.
    await autosaved(page, async () => {
      await page.getByText("精确", { exact: true }).click();
      await expect(page.getByLabel("温度 temperature")).toHaveValue("0.1");
      await page.getByLabel("最大回复长度").fill("1024");
      await page.getByLabel("携带上下文轮数").fill("5");
    });
    await page.reload();
    await expect(page.getByRole("radio", { name: "精确" })).toBeChecked();
    await expect(page.getByLabel("温度 temperature")).toHaveValue("0.1");
    await expect(page.getByLabel("Top P")).toHaveValue("0.7");
    await expect(page.getByLabel("最大回复长度")).toHaveValue("1024");
    await expect(page.getByLabel("携带上下文轮数")).toHaveValue("5");
  });

  test("copy, move to another space and delete", async ({ page }) => {
    test.slow(); // Two spaces and four dialogs: a long walk on a loaded machine.
    await signInAdmin(page);
    const team = unique("迁入");
    const teamId = await call<number>(page, "/api/space/add", { name: team });
    const name = unique("客服");
    const { spaceId: personalId } = await agentByApi(page, name, "template-3");
    await page.goto(`/space/${personalId}/develop`);
    await hydrated(page.getByRole("button", { name: `${name}的更多操作` }));

    // 分析 shows the figures; 创建副本 copies at once.
    await cardMenu(page, name, "分析");
    const figures = page.getByRole("dialog", { name: "智能体概览" });
    await expect(figures).toContainText("对话人数");
    await expect(figures).toContainText("点赞次数");
    await figures.getByRole("link", { name: "关闭" }).click();
    await cardMenu(page, name, "创建副本");
    await expect(page.getByText(`已创建「${name}」的副本`)).toBeVisible();
    await expect(card(page, `${name}副本`)).toBeVisible();

    // 迁移 the copy to the team space.
    await cardMenu(page, `${name}副本`, "迁移");
    const move = page.getByRole("dialog", { name: "迁移智能体" });
    await move.getByLabel("目标空间").selectOption(String(teamId));
    await move.getByRole("button", { name: "迁移" }).click();
    await expect(page.getByText(`「${name}副本」已迁移到空间「${team}」`)).toBeVisible();
    await expect(card(page, `${name}副本`)).toHaveCount(0);
    await page.goto(`/space/${teamId}/develop`);
    await expect(card(page, `${name}副本`)).toBeVisible();

    // 删除 asks first, naming the agent.
    await page.goto(`/space/${personalId}/develop`);
    await hydrated(page.getByRole("button", { name: `${name}的更多操作` }));
    await cardMenu(page, name, "删除");
    const confirm = page.getByRole("dialog", { name: "删除智能体" });
    await expect(confirm).toContainText(`确定删除智能体「${name}」吗？`);
    await confirm.getByRole("button", { name: "确认删除" }).click();
    await expect(page.getByText(`智能体「${name}」已删除`)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
  });

  test("details page: favourite, like, start a chat; home lists", async ({ page }) => {
    await signInAdmin(page);
    const name = unique("学习");
    const { agentId } = await agentByApi(page, name, "template-4");

    await page.goto(`/agent/${agentId}`);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByRole("button", { name: "用简单的话解释一下什么是机器学习" })).toBeVisible();
    await page.getByRole("button", { name: "收藏" }).click();
    await expect(page.getByRole("button", { name: "已收藏" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "点赞" }).click();
    await expect(page.getByRole("button", { name: "已点赞" })).toBeVisible();
    await expect(page.getByText("收藏用户数").locator("..")).toContainText("1");

    await page.goto("/");
    await expect(
      page.getByRole("region", { name: "最近编辑" }).getByRole("link", { name: new RegExp(name) }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "我的收藏" }).getByRole("link", { name: new RegExp(name) }),
    ).toBeVisible();

    await page.goto(`/agent/${agentId}`);
    await page.getByRole("button", { name: "开始对话" }).click();
    await expect(page).toHaveURL(/\/home\/chat\/\d+$/);
  });
});
