import { expect, test } from "@playwright/test";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { call, uniqueName } from "./chat-support";
import { createUser, signIn, signInAdmin } from "./support";

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
test.beforeAll(async () => {
  fake = await startFakeOpenAI();
});
test.afterAll(async () => {
  await fake.close();
});

test("an admin adds a model, tests the connection, edits it, makes it a default and deletes it", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/system/model/manage");
  await expect(page.getByRole("heading", { name: "公共模型管理" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "内置离线模型" }).first()).toBeVisible();

  const name = uniqueName("假模型");
  await page.getByRole("link", { name: "添加模型" }).click();
  const dialog = page.getByRole("dialog", { name: "添加模型" });
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog.getByText("请输入模型名称")).toBeVisible();
  await dialog.getByLabel("模型名称").fill(name);
  await dialog.getByLabel("模型标识").fill("fake-text");
  await dialog.getByLabel("接口地址").fill(fake.url);
  await dialog.getByLabel("API Key").fill("wrong-key");
  await dialog.getByRole("button", { name: "测试连接" }).click();
  await expect(dialog.getByRole("status")).toBeVisible();
  await expect(dialog.getByRole("status")).not.toContainText("连接成功");
  await dialog.getByLabel("API Key").fill(fake.apiKey);
  await dialog.getByRole("button", { name: "测试连接" }).click();
  await expect(dialog.getByRole("status")).toContainText("连接成功");
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText(`已添加模型「${name}」`)).toBeVisible();

  // The key is only ever shown masked.
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("fake-text");
  await expect(row).not.toContainText(fake.apiKey);
  await expect(row).toContainText("****");
  await row.getByRole("button", { name: `测试连接 ${name}` }).click();
  await expect(row.getByRole("status")).toContainText("连接成功");

  // Editing keeps the stored key when the masked value is left alone.
  await row.getByRole("link", { name: "编辑" }).click();
  const edit = page.getByRole("dialog", { name: `编辑模型「${name}」` });
  await edit.getByLabel("上下文长度").fill("65536");
  await edit.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText(`模型「${name}」已保存`)).toBeVisible();
  await row.getByRole("button", { name: `测试连接 ${name}` }).click();
  await expect(row.getByRole("status")).toContainText("连接成功");

  // As the suggestion model it is marked in the list; then the offline model takes over again.
  const defaults = page.locator("#model-defaults");
  await defaults.getByLabel("追问建议模型").selectOption({ label: name });
  await defaults.getByRole("button", { name: "保存默认模型" }).click();
  await expect(page.getByText("默认模型已保存")).toBeVisible();
  await expect(row.getByText("追问建议")).toBeVisible();
  await row.getByRole("link", { name: "删除" }).click();
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "默认模型不能删除" })).toBeVisible();
  await page.getByRole("link", { name: "取消" }).click();
  await defaults.getByLabel("追问建议模型").selectOption("");
  await defaults.getByRole("button", { name: "保存默认模型" }).click();
  await expect(row.getByText("追问建议")).toHaveCount(0);

  await row.getByRole("link", { name: "删除" }).click();
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("模型已删除")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the model page's forms work and non-admins are sent home", async ({ page, browser }) => {
    await signInAdmin(page);
    await page.goto("/system/model/manage");
    await page.getByRole("link", { name: "添加模型" }).click();
    // Without JavaScript the dialog is a card on the page, opened by ?dialog=add.
    const dialog = page.getByRole("dialog", { name: "添加模型" });
    const name = uniqueName("无脚本模型");
    await dialog.getByLabel("模型名称").fill(name);
    await dialog.getByLabel("模型标识").fill("fake-text");
    await dialog.getByLabel("接口地址").fill(fake.url);
    await dialog.getByLabel("API Key").fill(fake.apiKey);
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(page).toHaveURL("/system/model/manage");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: `测试连接 ${name}` }).click();
    await expect(row.getByRole("status")).toContainText("连接成功");
    const models = await call<{ id: number; name: string }[]>(page, "/api/system/model/list", {});
    const created = models.find((m) => m.name === name)!;
    await call(page, `/api/system/model/${created.id}/delete`, {});

    const member = await createUser(browser, "nomodel");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const other = await context.newPage();
    await signIn(other, member.email, "Member#Pass1");
    await other.goto("/system/model/manage");
    await expect(other).toHaveURL("/");
    await context.close();
  });
});
