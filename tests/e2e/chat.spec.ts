import { expect, test } from "@playwright/test";
import {
  answerTo,
  call,
  createAgent,
  messageList,
  newConversation,
  OFFLINE_ANSWER,
  openChat,
  useFakeModel,
} from "./chat-support";
import { signInAdmin } from "./support";

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test("an answer streams in with its reasoning, suggestions follow and the conversation gets a title", async ({
  page,
}) => {
  const { agentId } = await createAgent(page, "template-2");
  const id = await newConversation(page, agentId);
  await openChat(page, `/home/chat/${id}`);

  // An empty conversation: the opening message, the opening questions and the variables to fill in.
  await expect(page.getByText("你好！我是写作助手")).toBeVisible();
  await expect(page.getByRole("group", { name: "会话设置" })).toBeVisible();
  await expect(page.getByLabel("文风")).toHaveValue("正式");
  await page.getByLabel("文风").selectOption("轻松");
  await page.getByRole("button", { name: "帮我写一封请假邮件" }).click();

  const list = messageList(page);
  await expect(list.getByText("帮我写一封请假邮件", { exact: true })).toBeVisible();
  await expect(list.getByText(OFFLINE_ANSWER)).toBeVisible();
  await expect(list.getByText(answerTo("帮我写一封请假邮件"))).toBeVisible();

  // The reasoning folds away once the answer has started, and opens on demand.
  const reasoning = list.locator("details").filter({ hasText: "思考过程" });
  await expect(reasoning).not.toHaveAttribute("open");
  await reasoning.getByText("思考过程").click();
  await expect(reasoning.getByText("用户在第 1 轮对话中提问")).toBeVisible();

  // Follow-up suggestions (the agent has them on); one click sends it.
  const suggestion = page.getByRole("button", { name: "可以举一个具体的例子吗？" });
  await expect(suggestion).toBeVisible();
  await expect(page.getByRole("group", { name: "会话设置" })).toHaveCount(0);

  // The history lists the conversation under its generated title.
  const history = page.getByRole("navigation", { name: "历史会话" });
  await expect(history.getByRole("link", { name: /帮我写一封请假邮件/ })).toBeVisible();
  await expect(page).toHaveTitle(/帮我写一封请假邮件/);

  await suggestion.click();
  await expect(list.getByText("这是本会话的第 2 轮对话")).toBeVisible();

  // Debug details of an answer in the side panel: tokens and duration.
  await list
    .getByRole("button", { name: /调试详情/ })
    .last()
    .click();
  const panel = page.getByRole("complementary", { name: "调试详情" });
  await expect(panel.getByText("总 Token")).toBeVisible();
  await expect(panel.getByText("本次回答没有调用组件。")).toBeVisible();
  await panel.getByRole("button", { name: "关闭面板" }).click();
  await expect(panel).toHaveCount(0);

  // The stored conversation shows the same after a reload; the variable the person chose was kept.
  await page.reload();
  await expect(list.getByText(answerTo("可以举一个具体的例子吗？"))).toBeVisible();
  await expect(page.getByRole("heading", { name: "帮我写一封请假邮件" })).toBeVisible();
  const conversation = await call<{ variables: Record<string, string> }>(page, `/api/agent/conversation/${id}`, {});
  expect(conversation.variables.tone).toBe("轻松");
});

test("a tool call shows as a step chip that expands to its input and output", async ({ page }) => {
  const { agentId } = await createAgent(page, "template-2");
  const id = await newConversation(page, agentId);
  await openChat(page, `/home/chat/${id}`);
  // The offline model calls a tool named in the message, with key=value arguments.
  await page.getByLabel("输入消息").fill("请调用 set_variable name=tone value=简洁");
  await page.getByLabel("输入消息").press("Enter");

  const steps = page.getByRole("list", { name: "执行步骤" });
  const chip = steps.locator("details").filter({ hasText: "变量设置" });
  await expect(chip).toContainText("已完成");
  await expect(messageList(page).getByText("工具调用完成，结果如下")).toBeVisible();
  await chip.getByText("变量设置").click();
  await expect(chip.getByText('"value": "简洁"').first()).toBeVisible();

  await messageList(page)
    .getByRole("button", { name: /调试详情/ })
    .click();
  const panel = page.getByRole("complementary", { name: "调试详情" });
  await expect(panel.getByText("变量设置")).toBeVisible();
  await expect(panel.getByText("成功")).toBeVisible();

  // Steps are stored with the answer.
  await page.reload();
  await expect(page.getByRole("list", { name: "执行步骤" }).getByText("变量设置")).toBeVisible();
});

test("stop ends a slow answer where it is, and it stays stopped", async ({ page }) => {
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const fake = await useFakeModel(page, agentId, spaceId, "fake-slow", 500);
  try {
    const id = await newConversation(page, agentId);
    await openChat(page, `/home/chat/${id}`);
    await page.getByLabel("输入消息").fill("讲一个很长的故事");
    await page.getByLabel("输入消息").press("Enter");

    const list = messageList(page);
    await expect(list.getByText(/片段3/)).toBeVisible();
    await page.getByRole("button", { name: "停止生成" }).click();
    await expect(list.getByText("已停止生成")).toBeVisible();
    await expect(page.getByRole("button", { name: "发送" })).toBeVisible();
    const shown = Array.from((await list.textContent())?.matchAll(/片段(\d+)/g) ?? [], (m) => Number(m[1]));
    const last = Math.max(...shown);
    expect(last).toBeLessThan(49);

    // The server stopped too: another tab soon shows the partial answer stored as stopped.
    const other = await page.context().newPage();
    const stored = messageList(other);
    await expect(async () => {
      await other.goto(`/home/chat/${id}`);
      await expect(stored.getByText("已停止生成")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(stored.getByText(/片段0/)).toBeVisible();
    await expect(stored.getByText(/片段49/)).toHaveCount(0);
    // The server has finished, so nothing more can come: this page's reader, ended by the click, shows
    // nothing past where it stopped, though the server may have streamed on until it noticed.
    await expect(list.getByText(new RegExp(`片段${last + 1}(?!\\d)`))).toHaveCount(0);
    await other.close();
  } finally {
    await fake.close();
  }
});

test("an answer still running after a reload is shown as running, then stored; it can be stopped", async ({ page }) => {
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const fake = await useFakeModel(page, agentId, spaceId, "fake-slow", 500);
  try {
    const id = await newConversation(page, agentId);
    await openChat(page, `/home/chat/${id}`);
    await page.getByLabel("输入消息").fill("先说一半");
    await page.getByLabel("输入消息").press("Enter");
    const list = messageList(page);
    await expect(list.getByText(/片段2/)).toBeVisible();

    // Leaving the page does not stop the answer: the server keeps writing it down.
    await page.reload();
    await expect(page.getByText("上一条回复仍在生成中")).toBeVisible();
    await expect(list.getByText("先说一半", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "停止生成" }).click();
    await expect(page.getByText("上一条回复仍在生成中")).toHaveCount(0, { timeout: 15_000 });
    await expect(list.getByText("已停止生成")).toBeVisible();
    await expect(list.getByText(/片段0/)).toBeVisible();
  } finally {
    await fake.close();
  }
});

test("a text file goes along as an attachment, with upload progress and remove", async ({ page }) => {
  const { agentId } = await createAgent(page, "template-1");
  await call(page, "/api/agent/config/update", { id: agentId, openFileBox: "Open" });
  const id = await newConversation(page, agentId);
  await openChat(page, `/home/chat/${id}`);

  const picker = page.getByLabel("选择附件");
  await picker.setInputFiles({ name: "病毒.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  const pending = page.getByRole("list", { name: "待发送的附件" });
  await expect(pending.getByText(/只支持/)).toBeVisible();
  await pending.getByRole("button", { name: "移除 病毒.exe" }).click();

  await picker.setInputFiles({ name: "笔记.txt", mimeType: "text/plain", buffer: Buffer.from("会议记录：周五发布。") });
  await expect(pending.getByText("笔记.txt")).toBeVisible();
  await expect(pending.getByRole("progressbar")).toHaveCount(0);
  await page.getByLabel("输入消息").fill("请看附件");
  await page.getByRole("button", { name: "发送" }).click();

  const list = messageList(page);
  await expect(list.getByRole("link", { name: "笔记.txt" })).toBeVisible();
  await expect(list.getByText(answerTo("请看附件"))).toBeVisible();
  await expect(pending).toHaveCount(0);

  // The attachment is stored with the message and downloadable through its signed link.
  await page.reload();
  const link = list.getByRole("link", { name: "笔记.txt" });
  const href = await link.getAttribute("href");
  const file = await page.request.get(href!);
  expect(await file.text()).toBe("会议记录：周五发布。");
});

test("Enter sends, Shift+Enter adds a line; ?message= sends once; 新建会话 starts over", async ({ page }) => {
  const { agentId } = await createAgent(page, "template-1");
  const id = await newConversation(page, agentId);
  await page.goto(`/home/chat/${id}?message=${encodeURIComponent("来自首页的问题")}`);

  const list = messageList(page);
  await expect(list.getByText(answerTo("来自首页的问题"))).toBeVisible();
  await expect(page).toHaveURL(`/home/chat/${id}`);
  // The answer is over once 发送 is back (停止生成 until then): Enter while it streams is ignored and keeps the text.
  await expect(page.getByRole("button", { name: "发送" })).toBeVisible();

  const input = page.getByLabel("输入消息");
  await input.fill("第一行");
  await input.press("Shift+Enter");
  await input.pressSequentially("第二行");
  await expect(input).toHaveValue("第一行\n第二行");
  await input.press("Enter");
  await expect(list.getByText("这是本会话的第 2 轮对话")).toBeVisible();
  await expect(input).toHaveValue("");

  await page.reload();
  await expect(list.getByText("来自首页的问题", { exact: true })).toHaveCount(1);

  await page.getByRole("button", { name: "新建会话" }).click();
  await expect(page).not.toHaveURL(`/home/chat/${id}`);
  await expect(page).toHaveURL(/\/home\/chat\/\d+$/);
  await expect(list.getByText("来自首页的问题")).toHaveCount(0);
  const history = page.getByRole("navigation", { name: "历史会话" });
  await expect(history.getByRole("link", { name: /来自首页的问题/ })).toBeVisible();
});

test("the agent editor's debug pane chats with the draft and shows debug details", async ({ page }) => {
  const { agentId, spaceId } = await createAgent(page, "template-4");
  await page.goto(`/space/${spaceId}/agent/${agentId}`);
  const pane = page.getByRole("region", { name: "预览与调试" });
  await expect(pane.getByText("嗨！今天想学点什么？")).toBeVisible();
  await pane.getByLabel("输入消息").fill("调试一下");
  await pane.getByLabel("输入消息").press("Enter");
  await expect(pane.getByText(answerTo("调试一下"))).toBeVisible();

  await pane.getByRole("button", { name: /调试详情/ }).click();
  await expect(pane.getByRole("complementary", { name: "调试详情" }).getByText("输入 Token")).toBeVisible();
  await pane.getByRole("button", { name: "关闭面板" }).click();

  await pane.getByRole("button", { name: "新会话" }).click();
  await expect(pane.getByText(answerTo("调试一下"))).toHaveCount(0);
  await expect(pane.getByText("嗨！今天想学点什么？")).toBeVisible();

  // Debug conversations stay out of the person's history.
  const history = await call<{ agentId: number }[]>(page, "/api/agent/conversation/list", { agentId, limit: 20 });
  expect(history).toEqual([]);
});

test("the prompt-optimisation relay streams the assistant's chunks", async ({ page }) => {
  const { agentId } = await createAgent(page, "template-1");
  const res = await page.request.post("/resources/prompt-optimize", {
    data: { prompt: "帮我写一个旅行规划助手", type: "AGENT", id: agentId },
  });
  expect(res.headers()["content-type"]).toContain("text/event-stream");
  const chunks = (await res.text())
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)) as { type: string; text: string; finished: boolean });
  expect(chunks.at(-1)?.finished).toBe(true);
  expect(chunks.some((c) => c.type === "THINK")).toBe(true);
  const text = chunks
    .filter((c) => c.type === "CHAT")
    .map((c) => c.text)
    .join("");
  expect(text).toContain("# 角色");
  expect(text).toContain("帮我写一个旅行规划助手");
});

test("the title relay titles a conversation whose first message is longer than the title is made from", async ({
  page,
}) => {
  const { agentId } = await createAgent(page, "template-1");
  const id = await newConversation(page, agentId);
  // Over the contract's 5000 characters (MAX_TITLE_SOURCE_CHARS): the relay sends the API the message's start.
  await call(page, "/resources/chat-title", { conversationId: id, firstMessage: `一条很长的消息${"字".repeat(6000)}` });
  const conversation = await call<{ topicUpdated: number }>(page, `/api/agent/conversation/${id}`, {});
  expect(conversation.topicUpdated).toBe(1);
});
