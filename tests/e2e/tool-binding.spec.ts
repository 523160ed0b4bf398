import { expect, type Page, test } from "@playwright/test";
import { call, createAgent, uniqueName } from "./chat-support";
import { hydrated, signInAdmin } from "./support";

/** A published HTTP plugin with two input arguments, made through the API (its pages have specs of their own). */
async function pluginWithArgs(page: Page, spaceId: number) {
  const name = uniqueName("天气");
  const id = await call<number>(page, "/api/plugin/add", { spaceId, name, type: "HTTP" });
  await call(page, "/api/plugin/http/update", {
    id,
    config: {
      method: "GET",
      url: "http://127.0.0.1:9/weather",
      inputArgs: [
        { name: "city", description: "城市", dataType: "String", require: true, enable: true },
        { name: "days", description: "天数", dataType: "Integer", enable: true },
      ],
    },
  });
  // Agents bind published plugins only.
  await call(page, "/api/plugin/publish", { pluginId: id, scope: "Space", spaceId });
  return name;
}

/** Binds the plugin in the editor's 插件 section, sets 自动调用 and days = 3 on its settings page, checks it kept. */
async function bindAndSet(page: Page, javaScriptEnabled: boolean) {
  await signInAdmin(page);
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const name = await pluginWithArgs(page, spaceId);

  await page.goto(`/space/${spaceId}/agent/${agentId}`);
  const config = page.getByRole("region", { name: "配置" });
  const pluginSection = config.getByText("插件", { exact: true });
  // A section opened before hydration can be closed again if React re-creates the tree (CI once saw that).
  if (javaScriptEnabled) await hydrated(pluginSection);
  await pluginSection.click();
  await config.getByLabel("添加插件").selectOption({ label: name });
  await config
    .locator("form")
    .filter({ has: page.getByLabel("添加插件") })
    .getByRole("button", { name: "添加" })
    .click();
  const settingsLink = config.getByRole("link", { name: `设置插件${name}` });
  await expect(settingsLink).toBeVisible();
  await expect(config.getByRole("list", { name: "插件设置" })).toContainText(`${name} · 按需调用`);
  await settingsLink.click();

  const form = page.getByRole("form", { name: "插件设置" });
  await expect(form.getByLabel("city 对模型可见")).toBeChecked();
  // Workflows only.
  await expect(form.getByLabel("直接输出")).toHaveCount(0);
  // The async reply shows only while 异步执行 is ticked (by CSS: the same with and without JavaScript).
  await expect(form.getByLabel("异步回复")).toBeHidden();
  await form.getByLabel("异步执行").check();
  await expect(form.getByLabel("异步回复")).toBeVisible();
  await expect(form.getByLabel("异步回复")).toHaveValue("已经开始为您处理，请耐心等待运行结果");
  await form.getByLabel("异步执行").uncheck();
  await expect(form.getByLabel("异步回复")).toBeHidden();
  await form.getByLabel("调用方式").selectOption("AUTO");
  await form.getByLabel("days 对模型可见").uncheck();
  await form.getByLabel("days 取值").selectOption("Input");
  // A mistake first: the page says what is wrong and keeps what was typed.
  await form.getByLabel("days 固定值或变量").fill("三");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("「days」需要整数")).toBeVisible();
  await expect(form.getByLabel("调用方式")).toHaveValue("AUTO");
  await form.getByLabel("days 固定值或变量").fill("3");
  await form.getByRole("button", { name: "保存" }).click();

  await expect(page).toHaveURL(new RegExp(`/space/${spaceId}/agent/${agentId}$`));
  await expect(page.getByText(`插件「${name}」的设置已保存`)).toBeAttached();
  await expect(page.getByRole("list", { name: "插件设置" })).toContainText("自动调用 · 1 个参数已绑定");

  // What was saved is what the settings page shows when loaded afresh.
  const href = await page.getByRole("link", { name: `设置插件${name}` }).getAttribute("href");
  expect(href).toMatch(new RegExp(`^/space/${spaceId}/agent/${agentId}/tool/\\d+$`));
  await page.goto(href ?? "");
  await expect(form.getByLabel("调用方式")).toHaveValue("AUTO");
  await expect(form.getByLabel("days 对模型可见")).not.toBeChecked();
  await expect(form.getByLabel("days 取值")).toHaveValue("Input");
  await expect(form.getByLabel("days 固定值或变量")).toHaveValue("3");
  await expect(form.getByLabel("city 对模型可见")).toBeChecked();
  await expect(form.getByLabel("city 取值")).toHaveValue("model");
}

test("bind a plugin and set how the agent calls it and a fixed argument", async ({ page, javaScriptEnabled }) => {
  await bindAndSet(page, javaScriptEnabled);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("bind a plugin and set how the agent calls it and a fixed argument", async ({ page, javaScriptEnabled }) => {
    await bindAndSet(page, javaScriptEnabled);
  });
});
