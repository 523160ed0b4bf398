import { expect, test } from "@playwright/test";
import { call, createAgent, messageList, newConversation, OFFLINE_ANSWER } from "./chat-support";
import { signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

test("without JavaScript: rename from the chat menu, delete from the home panel, 文件盒 off hides the file field", async ({
  page,
}) => {
  await signInAdmin(page);
  const { agentId } = await createAgent(page, "template-1");
  const id = await newConversation(page, agentId);
  await page.goto(`/home/chat/${id}`);
  // 文件盒 is off for a new agent: no file field.
  await expect(page.getByLabel("附件")).toHaveCount(0);
  await page.getByLabel("输入消息").fill("无脚本管理");
  await page.getByRole("button", { name: "发送" }).click();
  await expect(messageList(page).getByText(OFFLINE_ANSWER)).toBeVisible();

  // The menu is a <details> of links and forms; 重命名 opens its form as a card on the page.
  await page.getByLabel("会话操作").click();
  await page.getByRole("link", { name: "重命名" }).click();
  await expect(page).toHaveURL(`/home/chat/${id}?dialog=rename`);
  await page.getByLabel("会话名称").fill("无脚本改的名字");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "无脚本改的名字" })).toBeVisible();

  // The home panel's bin opens the confirmation; 删除 posts it.
  await page.goto("/");
  const panel = page.getByRole("complementary", { name: "历史会话" });
  await panel.getByRole("link", { name: "删除会话「无脚本改的名字」" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("无脚本改的名字");
  await page.getByRole("button", { name: "删除" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("删除成功")).toBeVisible();
  await expect(panel).toBeVisible();
  await expect(panel.getByText("无脚本改的名字")).toHaveCount(0);

  // With 文件盒 on, the form offers the file field again.
  await call(page, "/api/agent/config/update", { id: agentId, openFileBox: "Open" });
  await page.goto(`/home/chat/${await newConversation(page, agentId)}`);
  await expect(page.getByLabel("附件")).toBeVisible();
});
