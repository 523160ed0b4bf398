import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { createAgent, newConversation, openChat, personalSpaceId } from "./chat-support";
import { signInAdmin } from "./support";

/** 导出配置 / 导入配置 / 日志 from the develop page's agent card, with JavaScript and without. */

async function exportFrom(page: Page, spaceId: number, name: string, javaScript: boolean) {
  await page.goto(`/space/${spaceId}/develop?kw=${encodeURIComponent(name)}`);
  const download = page.waitForEvent("download");
  if (javaScript) {
    await page.getByRole("button", { name: `${name}的更多操作` }).click();
    await page.getByRole("menuitem", { name: "导出配置" }).click();
  } else {
    await page.getByLabel(`${name}的更多操作`).click();
    await page.getByRole("link", { name: "导出配置" }).click();
  }
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${name}.agent.json`);
  return readFile((await file.path())!, "utf8");
}

async function importInto(page: Page, spaceId: number, content: string) {
  await page.goto(`/space/${spaceId}/develop`);
  await page.getByRole("link", { name: "导入配置" }).click();
  await expect(page).toHaveURL(`/space/${spaceId}/develop/import`);
  await page.getByLabel("配置文件").setInputFiles({
    name: "agent.agent.json",
    mimeType: "application/json",
    buffer: Buffer.from(content),
  });
  await page.getByRole("button", { name: "导入" }).click();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("export an agent's configuration and import it as a new agent; bad files are refused", async ({ page }) => {
      await signInAdmin(page);
      const { name } = await createAgent(page, "template-3");
      const spaceId = await personalSpaceId(page);
      const content = await exportFrom(page, spaceId, name, javaScript);
      expect(JSON.parse(content)).toMatchObject({ kind: "agent-config", agent: { name } });

      await importInto(page, spaceId, "这不是配置文件");
      await expect(page.getByText("不是合法的 JSON 文件")).toBeVisible();

      await importInto(page, spaceId, content);
      await expect(page.getByRole("status")).toContainText(`已导入智能体「${name}」`);
      await page.getByRole("link", { name: "打开编辑" }).click();
      await expect(page).toHaveURL(/\/space\/\d+\/agent\/\d+$/);
    });
  });
}

test("日志 lists the agent's conversations and shows one's messages", async ({ page }) => {
  await signInAdmin(page);
  const { agentId, name, spaceId } = await createAgent(page, "template-1");
  const id = await newConversation(page, agentId);
  await openChat(page, `/home/chat/${id}`);
  await page.getByLabel("输入消息").fill("写进日志的问题");
  await page.getByRole("button", { name: "发送" }).click();
  await expect(page.getByRole("list", { name: "对话内容" }).getByText("写进日志的问题", { exact: true })).toBeVisible();

  await page.goto(`/space/${spaceId}/develop?kw=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `${name}的更多操作` }).click();
  await page.getByRole("menuitem", { name: "日志" }).click();
  await expect(page.getByRole("heading", { name: `${name} · 日志` })).toBeVisible();
  const conversations = page.getByRole("region", { name: "会话列表" });
  await conversations.getByRole("link", { name: /写进日志的问题/ }).click();
  await expect(
    page.getByRole("region", { name: "会话内容" }).getByText("写进日志的问题", { exact: true }),
  ).toBeVisible();
});
