import { expect, type Page } from "@playwright/test";
import { call } from "./chat-support";
import { type GreetServer, test } from "./plugin-support";
import { signInAdmin } from "./support";
import { agentWithPlugin as agentWithGreetPlugin } from "./trigger-support";

/** Triggers in the web (issue 15): the form, the token shown once, and the run log, with and without JavaScript. */

/** Signed in as the admin, an agent and a published plugin it can run. */
async function agentWithPlugin(page: Page, greet: GreetServer) {
  await signInAdmin(page);
  return agentWithGreetPlugin(page, greet.url);
}

/** Without JavaScript: reloads the run log until a run shows (runs happen in the job queue, after the page rendered). */
async function expectRunAfterReloads(page: Page, text: RegExp) {
  const log = page.getByRole("table", { name: "运行记录" });
  await expect(async () => {
    await page.reload();
    await expect(log).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Adds an EVENT trigger through the page's form; answers the token and webhook URL it shows once. */
async function addEventTrigger(page: Page, pluginName: string) {
  const form = page.getByRole("form", { name: "添加触发器" });
  await form.getByLabel("触发器名称").fill("网页问候");
  await form.getByLabel("触发方式").selectOption("EVENT");
  await form.getByLabel("执行").selectOption({ label: `插件 · ${pluginName}` });
  await form.getByLabel(/^事件参数/).fill("who:String:必填");
  await form.getByLabel(/目标参数/).fill("name=@who");
  await form.getByRole("button", { name: "添加触发器" }).click();
  const secret = page.getByTestId("trigger-secret");
  await expect(secret).toContainText("curl -X POST");
  const text = (await secret.textContent()) ?? "";
  const token = /令牌：(\S+?)网络钩子/.exec(text)?.[1] ?? "";
  const webhook = /网络钩子：(\S+?\/api\/trigger\/event\/\d+)/.exec(text)?.[1] ?? "";
  expect(token).toMatch(/^[\w-]{43}$/);
  await expect(secret).toContainText(`Authorization: Bearer ${token}`);
  return { token, webhook };
}

async function callWebhook(page: Page, webhook: string, token: string, who: string) {
  const res = await page.request.post(webhook, { headers: { authorization: `Bearer ${token}` }, data: { who } });
  expect((await res.json()).code).toBe("0000");
}

/** Opens the run log of the trigger named 网页问候 (its 运行记录 link) and waits for that page. */
async function openRunLog(page: Page) {
  const item = page.getByRole("listitem").filter({ hasText: "网页问候" });
  await item.getByRole("link", { name: "运行记录" }).click();
  await expect(page).toHaveURL(/\/triggers\?trigger=\d+$/);
  await expect(page.getByRole("heading", { name: /^运行记录 · 网页问候/ })).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("adds an EVENT trigger, shows its token and curl once, and the open run log shows the webhook's run", async ({
    page,
    greet,
  }) => {
    const { agentId, spaceId, pluginName } = await agentWithPlugin(page, greet);
    await page.goto(`/space/${spaceId}/agent/${agentId}/triggers`);
    const { token, webhook } = await addEventTrigger(page, pluginName);
    await expect(page.getByRole("main")).toContainText("事件触发（网络钩子）");

    await openRunLog(page);
    // Shown once: the page no longer holds the token.
    await expect(page.getByText(token)).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("还没有运行记录");
    // The run happens after the page rendered: the open log picks it up by itself, no reload.
    await callWebhook(page, webhook, token, "小明");
    await expect(page.getByRole("table", { name: "运行记录" })).toContainText(/成功[\s\S]*你好，小明/, {
      timeout: 20_000,
    });
  });

  test("a copied agent's triggers say they need enabling; 启用 starts one", async ({ page, greet }) => {
    const { agentId, spaceId, pluginId } = await agentWithPlugin(page, greet);
    await call(page, "/api/agent/component/trigger/add", {
      agentId,
      name: "早报",
      triggerType: "TIME",
      cronExpression: "0 8 * * *",
      timeZone: "Asia/Shanghai",
      componentType: "PLUGIN",
      componentId: pluginId,
      argBindConfigs: [{ name: "name", bindValueType: "Input", bindValue: "早报" }],
    });
    const copyId = await call<number>(page, `/api/agent/copy/${agentId}`, {});
    await page.goto(`/space/${spaceId}/agent/${copyId}/triggers`);
    const item = page.getByRole("listitem").filter({ hasText: "早报" });
    await expect(item).toContainText("未启用");
    await expect(item).toContainText("已复制的触发器需手动启用");
    await item.getByRole("button", { name: "启用「早报」" }).click();
    await expect(page.getByText("触发器已启用")).toBeVisible();
    await expect(item).toContainText("运行中");
    await expect(item).toContainText("下次运行");
    await expect(item).not.toContainText("已复制的触发器需手动启用");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds a TIME trigger from a preset, refuses too frequent and bad crons, and logs a webhook's run", async ({
    page,
    greet,
  }) => {
    const { agentId, spaceId, pluginName } = await agentWithPlugin(page, greet);
    await page.goto(`/space/${spaceId}/agent/${agentId}/triggers`);
    const form = page.getByRole("form", { name: "添加触发器" });
    await form.getByLabel("触发器名称").fill("早安");
    await form.getByLabel("常用时间（定时）").selectOption("0 9 * * *");
    await form.getByLabel("执行").selectOption({ label: `插件 · ${pluginName}` });
    await form.getByLabel(/目标参数/).fill("name=早安");
    await form.getByRole("button", { name: "添加触发器" }).click();
    await expect(page).toHaveURL(/\/triggers\?trigger=\d+$/);
    const morning = page.getByRole("listitem").filter({ hasText: "早安" });
    await expect(morning).toContainText("每天 09:00 (Asia/Shanghai)");
    await expect(morning).toContainText("运行中");

    // A typed cron firing every second is refused in Chinese, on the same page; so is a bad one.
    await form.getByLabel("触发器名称").fill("每秒");
    await form.getByLabel(/cron 表达式/).fill("* * * * * *");
    await form.getByLabel("时区").selectOption("UTC");
    await form.getByLabel("执行").selectOption({ label: `插件 · ${pluginName}` });
    await form.getByRole("button", { name: "添加触发器" }).click();
    await expect(page.getByRole("main")).toContainText("执行过于频繁：两次执行至少间隔 1 分钟");
    await form.getByLabel("触发器名称").fill("坏的");
    await form.getByLabel(/cron 表达式/).fill("every day");
    await form.getByLabel("执行").selectOption({ label: `插件 · ${pluginName}` });
    await form.getByRole("button", { name: "添加触发器" }).click();
    await expect(page.getByRole("main")).toContainText("cron 表达式须为 5 段");
    await expect(page.getByRole("listitem").filter({ hasText: /每秒|坏的/ })).toHaveCount(0);

    const { token, webhook } = await addEventTrigger(page, pluginName);
    await openRunLog(page);
    await callWebhook(page, webhook, token, "小红");
    await expectRunAfterReloads(page, /成功[\s\S]*你好，小红/);
    await expect(page.getByRole("link", { name: "刷新" })).toBeVisible();
  });
});
