import { type Browser, expect, type Page, test } from "@playwright/test";
import { answerTo, createAgent, messageList, OFFLINE_ANSWER, openChat, useFakeModel } from "./chat-support";
import { ADMIN, loginWithPassword, signInAdmin } from "./support";

/** Creates a link on the agent's 临时会话 page and returns its URL as the page shows it. */
async function createLink(page: Page, spaceId: number, agentId: number, requireLogin: boolean) {
  await page.goto(`/space/${spaceId}/agent/${agentId}/temp-links`);
  await expect(page.getByRole("heading", { name: "临时会话" })).toBeVisible();
  await page.getByLabel("有效期").selectOption("168");
  await page.getByLabel("需要登录后使用").setChecked(requireLogin);
  await page.getByRole("button", { name: "创建链接" }).click();
  await expect(page.getByText("已创建临时会话链接")).toBeAttached();
  const url = await page.getByLabel("链接地址").first().inputValue();
  expect(url).toMatch(/\/chat-temp\/ck-[a-f0-9]{32}$/);
  return new URL(url).pathname;
}

/** Someone without an account, in a browser of their own. */
async function stranger(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test("a temporary link lets someone without an account chat; 清空 starts over", async ({ page, browser }) => {
  await signInAdmin(page);
  const { agentId, spaceId, name } = await createAgent(page, "template-3");
  const path = await createLink(page, spaceId, agentId, false);
  const row = page.getByRole("row").filter({ hasText: "无需登录" });
  await expect(row.getByRole("button", { name: "复制链接" })).toBeVisible();

  const guest = await stranger(browser);
  try {
    const chat = guest.page;
    await openChat(chat, path);
    await expect(chat.getByRole("heading", { name })).toBeVisible();
    await expect(chat.getByText("您好，欢迎咨询！请问有什么可以帮您？")).toBeVisible();
    // The required 公司名称 is pre-filled with its default; clearing it blocks sending.
    await expect(chat.getByLabel(/公司名称/)).toHaveValue("我们公司");

    await chat.getByLabel("输入消息").fill("你们几点下班？");
    await chat.getByLabel("输入消息").press("Enter");
    const list = messageList(chat);
    await expect(list.getByText(OFFLINE_ANSWER)).toBeVisible();
    await expect(list.getByText(answerTo("你们几点下班？"))).toBeVisible();

    // A reload continues the same conversation (its uid is kept for the tab).
    await chat.reload();
    await expect(list.getByText(answerTo("你们几点下班？"))).toBeVisible();

    await chat.getByRole("button", { name: "清空" }).click();
    await expect(list.getByText("你们几点下班？")).toHaveCount(0);
    await expect(chat.getByText("您好，欢迎咨询！请问有什么可以帮您？")).toBeVisible();
    await chat.reload();
    await expect(list.getByText("你们几点下班？")).toHaveCount(0);
  } finally {
    await guest.context.close();
  }

  // Deleting the link closes it for everyone.
  await row.getByRole("link", { name: "删除" }).click();
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("链接已删除")).toBeAttached();
  const late = await stranger(browser);
  await late.page.goto(path);
  await expect(late.page.getByRole("heading", { name: "临时会话链接不存在" })).toBeVisible();
  await late.context.close();
});

test("reloading a temporary chat mid-answer keeps the conversation and shows the answer when it ends", async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const fake = await useFakeModel(page, agentId, spaceId, "fake-slow");
  const path = await createLink(page, spaceId, agentId, false);
  const guest = await stranger(browser);
  try {
    const chat = guest.page;
    await openChat(chat, path);
    await chat.getByLabel("输入消息").fill("慢慢说");
    await chat.getByLabel("输入消息").press("Enter");
    const list = messageList(chat);
    await expect(list.getByText(/片段2/)).toBeVisible();
    await chat.reload();
    // The page keeps refreshing until the answer ends, always on the same conversation.
    await expect(chat.getByText("上一条回复仍在生成中")).toBeVisible();
    await expect(list.getByText("慢慢说", { exact: true })).toBeVisible();
    await expect(list.getByText(/片段49/)).toBeVisible({ timeout: 20_000 });
    await expect(chat.getByText("上一条回复仍在生成中")).toHaveCount(0);
    await expect(list.getByText("慢慢说", { exact: true })).toHaveCount(1);
  } finally {
    await guest.context.close();
    await fake.close();
  }
});

test("a link that requires login sends strangers to sign in; unknown links say so", async ({ page, browser }) => {
  await signInAdmin(page);
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const path = await createLink(page, spaceId, agentId, true);

  const guest = await stranger(browser);
  await guest.page.goto(path);
  await expect(guest.page.getByRole("heading", { name: "此链接需要登录后使用" })).toBeVisible();
  await guest.page.getByRole("link", { name: "去登录" }).click();
  await expect(guest.page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  await loginWithPassword(guest.page, ADMIN.account, ADMIN.password, `/login?redirect=${encodeURIComponent(path)}`);
  await expect(guest.page).toHaveURL(path);
  await guest.page.getByLabel("输入消息").fill("登录后来聊");
  await guest.page.getByRole("button", { name: "发送" }).click();
  await expect(messageList(guest.page).getByText(answerTo("登录后来聊"))).toBeVisible();

  await guest.page.goto(`/chat-temp/ck-${"0".repeat(32)}`);
  await expect(guest.page.getByRole("heading", { name: "临时会话链接不存在" })).toBeVisible();
  await guest.context.close();
});

test("a temporary link works without JavaScript too", async ({ page, browser }) => {
  await signInAdmin(page);
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const path = await createLink(page, spaceId, agentId, false);

  const guest = await stranger(browser, false);
  const chat = guest.page;
  await chat.goto(path);
  await chat.getByLabel("输入消息").fill("没有脚本也能聊");
  await chat.getByRole("button", { name: "发送" }).click();
  const list = messageList(chat);
  await expect(list.getByText(answerTo("没有脚本也能聊"))).toBeVisible();
  await chat.getByLabel("输入消息").fill("第二句");
  await chat.getByRole("button", { name: "发送" }).click();
  await expect(list.getByText("这是本会话的第 2 轮对话")).toBeVisible();

  await chat.getByRole("button", { name: "清空" }).click();
  await expect(list.getByText("没有脚本也能聊")).toHaveCount(0);
  await guest.context.close();
});
