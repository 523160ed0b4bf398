import { expect, test } from "@playwright/test";
import { createAgent, messageList, newConversation, OFFLINE_ANSWER, openChat } from "./chat-support";
import { hydrated, signInAdmin } from "./support";

/** Conversation management with JavaScript: rename and delete from the chat, history on the home page. */

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test("rename, reload and delete a conversation; the home panel lists it with its agent", async ({ page }) => {
  const { agentId, name } = await createAgent(page, "template-2");
  const id = await newConversation(page, agentId);
  await openChat(page, `/home/chat/${id}`);
  await page.getByLabel("文风").selectOption("简洁");
  await page.getByLabel("输入消息").fill("管理会话的第一个问题");
  await page.getByRole("button", { name: "发送" }).click();
  const list = messageList(page);
  await expect(list.getByText(OFFLINE_ANSWER)).toBeVisible();

  // After a reload the opening message is still on top of the conversation.
  await page.reload();
  await expect(list.getByText("你好！我是写作助手")).toBeVisible();
  await expect(list.getByText("管理会话的第一个问题", { exact: true })).toBeVisible();

  // A long title ends with an ellipsis instead of pushing the menu away.
  const long = `重命名后的会话${"很长的标题".repeat(8)}`.slice(0, 50);
  await hydrated(page.getByRole("button", { name: "会话操作" }));
  await page.getByRole("button", { name: "会话操作" }).click();
  await page.getByRole("menuitem", { name: "重命名" }).click();
  await page.getByLabel("会话名称").fill(long);
  await page.getByRole("button", { name: "保存" }).click();
  const title = page.getByRole("heading", { level: 1, name: long });
  await expect(title).toBeVisible();
  await expect(page.getByRole("button", { name: "会话操作" })).toBeInViewport();
  expect(await title.evaluate((el) => getComputedStyle(el).textOverflow)).toBe("ellipsis");
  expect(await title.evaluate((el) => el.scrollWidth >= el.clientWidth)).toBe(true);

  // The home panel lists it with its agent; 更多 opens the paged list.
  await page.goto("/");
  const panel = page.getByRole("complementary", { name: "历史会话" });
  const row = panel.getByRole("link", { name: new RegExp(`^${long.slice(0, 10)}`) });
  await expect(row).toContainText(name);
  await panel.getByRole("link", { name: "更多" }).click();
  await expect(page).toHaveURL("/home/history");
  await expect(page.getByRole("heading", { name: "历史会话" })).toBeVisible();

  // 删除 asks first, then goes home.
  await page.goto(`/home/chat/${id}`);
  // Before hydration the menu is a <details> of plain links: opened then, it has no 删除 menu item once React takes over.
  await hydrated(page.getByRole("button", { name: "会话操作" }));
  await page.getByRole("button", { name: "会话操作" }).click();
  await page.getByRole("menuitem", { name: "删除" }).click();
  await expect(page.getByRole("dialog", { name: "永久删除会话" })).toBeVisible();
  await page.getByRole("button", { name: "删除" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("删除成功")).toBeVisible();
  await expect(panel.getByText(long.slice(0, 10))).toHaveCount(0);
});

test("清空会话 continues with the same agent in a fresh conversation; the old one stays in the history", async ({
  page,
}) => {
  const { agentId } = await createAgent(page, "template-1");
  const id = await newConversation(page, agentId);
  await openChat(page, `/home/chat/${id}`);
  await page.getByLabel("输入消息").fill("清空前的问题");
  await page.getByRole("button", { name: "发送" }).click();
  await expect(messageList(page).getByText(OFFLINE_ANSWER)).toBeVisible();
  await page.getByRole("button", { name: "会话操作" }).click();
  await page.getByRole("menuitem", { name: "清空会话" }).click();
  await expect(page).not.toHaveURL(`/home/chat/${id}`);
  await expect(page).toHaveURL(/\/home\/chat\/\d+$/);
  await expect(messageList(page).getByText("清空前的问题")).toHaveCount(0);
  // By its address: its generated title may land after this page's history was loaded (chat.spec checks the title).
  await expect(page.getByRole("navigation", { name: "历史会话" }).locator(`a[href="/home/chat/${id}"]`)).toBeVisible();
});
