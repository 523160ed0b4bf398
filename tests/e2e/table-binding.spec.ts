import { expect, type Page, test } from "@playwright/test";
import { call, createAgent, messageList, newConversation, openChat } from "./chat-support";
import { hydrated, signInAdmin } from "./support";
import { gridRows, uniqueTable } from "./table-support";

/**
 * A data table bound to an agent in the editor, its settings made on the 数据表设置 page, then a chat in which the
 * model inserts a row and reads the table back. The built-in offline model calls a tool whose name the message
 * holds, with `key=value` arguments, so the test says which tool and what to pass.
 */
async function bindSetAndChat(page: Page, javaScriptEnabled: boolean) {
  await signInAdmin(page);
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const name = uniqueTable("绑定表");
  const tableId = await call<number>(page, "/api/compose/db/table/add", { spaceId, tableName: name });
  await call(page, "/api/compose/db/table/updateTableDefinition", {
    id: tableId,
    fieldList: [
      { fieldName: "note", fieldType: 1, nullableFlag: false },
      { fieldName: "score", fieldType: 2 },
      { fieldName: "source", fieldType: 1 },
    ],
  });

  // The editor's 数据表 section: add the table, then open its settings.
  await page.goto(`/space/${spaceId}/agent/${agentId}`);
  const config = page.getByRole("region", { name: "配置" });
  const tableSection = config.getByText("数据表", { exact: true });
  // Opened before hydration, 添加 would post the whole page: the run without JavaScript below.
  if (javaScriptEnabled) await hydrated(tableSection);
  await tableSection.click();
  await config.getByLabel("添加数据表").selectOption({ label: name });
  await config
    .locator("form")
    .filter({ has: page.getByLabel("添加数据表") })
    .getByRole("button", { name: "添加" })
    .click();
  const settingsLink = config.getByRole("link", { name: `设置数据表${name}` });
  await expect(settingsLink).toBeVisible();
  await expect(config.getByRole("list", { name: "数据表设置" })).toContainText(`${name} · 按需调用 · 全部数据`);
  await settingsLink.click();

  const form = page.getByRole("form", { name: "数据表设置" });
  // A table's tools need the model's arguments: no 自动调用.
  await expect(form.getByLabel("调用方式").locator("option")).toHaveText(["按需调用", "手动选择 + 按需调用"]);
  await expect(form.getByLabel("note 对模型可见")).toBeChecked();
  await form.getByLabel("source 对模型可见").uncheck();
  await form.getByLabel("source 取值").selectOption("Input");
  await form.getByLabel("source 固定值或变量").fill("网页");
  await form.getByLabel("uid 条件").selectOption("SYS_USER_ID");
  await form.getByRole("button", { name: "保存" }).click();

  await expect(page).toHaveURL(new RegExp(`/space/${spaceId}/agent/${agentId}$`));
  await expect(page.getByText(`数据表「${name}」的设置已保存`)).toBeAttached();
  await expect(page.getByRole("list", { name: "数据表设置" })).toContainText("按需调用 · 仅 uid = SYS_USER_ID 的数据");

  // What was saved is what the settings page shows when loaded afresh.
  const href = await page.getByRole("link", { name: `设置数据表${name}` }).getAttribute("href");
  await page.goto(href ?? "");
  await expect(form.getByLabel("source 对模型可见")).not.toBeChecked();
  await expect(form.getByLabel("source 取值")).toHaveValue("Input");
  await expect(form.getByLabel("source 固定值或变量")).toHaveValue("网页");
  await expect(form.getByLabel("uid 条件")).toHaveValue("SYS_USER_ID");

  // The chat: one turn inserts through TABLE_DATA_INSERT, the next reads through TABLE_SQL_EXECUTE.
  const components = await call<{ id: number; type: string }[]>(page, `/api/agent/component/list/${agentId}`);
  const componentId = components.find((c) => c.type === "Table")?.id;
  const conversation = await newConversation(page, agentId);
  if (javaScriptEnabled) await openChat(page, `/home/chat/${conversation}`);
  else await page.goto(`/home/chat/${conversation}`);
  const list = messageList(page);
  await page.getByLabel("输入消息").fill(`TABLE_DATA_INSERT_${componentId} note=买牛奶 score=3`);
  await page.getByRole("button", { name: "发送" }).click();
  await expect(list).toContainText('"rowNum":1,"success":true');
  await page
    .getByLabel("输入消息")
    .fill(`TABLE_SQL_EXECUTE_${componentId} sql="select note, score, source from ${name}"`);
  await page.getByRole("button", { name: "发送" }).click();
  await expect(list).toContainText('"outputList":[{"note":"买牛奶","score":3,"source":"网页"}]');

  // The row is in the table, written by this user through this agent.
  await page.goto(`/space/${spaceId}/table/${tableId}?tab=data`);
  await expect(gridRows(page)).toHaveCount(1);
  await expect(gridRows(page).first()).toContainText("买牛奶");
  await expect(gridRows(page).first()).toContainText("网页");
}

test("bind a table, set its fields and data scope, and let the model write and read it", async ({
  page,
  javaScriptEnabled,
}) => {
  await bindSetAndChat(page, javaScriptEnabled);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("bind a table, set its fields and data scope, and let the model write and read it", async ({
    page,
    javaScriptEnabled,
  }) => {
    await bindSetAndChat(page, javaScriptEnabled);
  });
});
