import { expect, test } from "@playwright/test";
import { answerTo, call, createAgent, messageList, newConversation, OFFLINE_ANSWER } from "./chat-support";
import { signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

test("chat without JavaScript: the form posts, the finished answer shows after the redirect", async ({ page }) => {
  await signInAdmin(page);
  const { agentId } = await createAgent(page, "template-2");
  await call(page, "/api/agent/config/update", { id: agentId, openFileBox: "Open" });
  const id = await newConversation(page, agentId);
  await page.goto(`/home/chat/${id}`);
  await expect(page.getByText("你好！我是写作助手")).toBeVisible();

  // Variables and an attachment travel with the message in one multipart POST.
  await page.getByLabel("文风").selectOption("简洁");
  await page
    .getByLabel("附件")
    .setInputFiles({ name: "草稿.md", mimeType: "text/markdown", buffer: Buffer.from("# 草稿") });
  await page.getByLabel("输入消息").fill("无脚本你好");
  await page.getByRole("button", { name: "发送" }).click();
  await expect(page).toHaveURL(`/home/chat/${id}#chat-end`);
  const list = messageList(page);
  await expect(list.getByText(OFFLINE_ANSWER)).toBeVisible();
  await expect(list.getByText(answerTo("无脚本你好"))).toBeVisible();
  await expect(list.getByRole("link", { name: "草稿.md" })).toBeVisible();
  // The reasoning is there, folded (a <details>, which opens without JavaScript).
  await list.getByText("思考过程").click();
  await expect(list.getByText("用户在第 1 轮对话中提问")).toBeVisible();
  // The conversation got its title.
  await expect(
    page.getByRole("navigation", { name: "历史会话" }).getByRole("link", { name: /无脚本你好/ }),
  ).toBeVisible();

  // A second turn, then 新建会话.
  await page.getByLabel("输入消息").fill("第二个问题");
  await page.getByRole("button", { name: "发送" }).click();
  await expect(list.getByText("这是本会话的第 2 轮对话")).toBeVisible();
  await page.getByRole("button", { name: "新建会话" }).click();
  await expect(page).toHaveURL(/\/home\/chat\/\d+$/);
  await expect(page).not.toHaveURL(`/home/chat/${id}`);
  await expect(page.getByText("你好！我是写作助手")).toBeVisible();

  // An opening question is a submit button too.
  await page.getByRole("button", { name: "把这段话改得更正式一些" }).click();
  await expect(list.getByText(answerTo("把这段话改得更正式一些"))).toBeVisible();
});

test("without JavaScript an empty message is refused with a reason", async ({ page }) => {
  await signInAdmin(page);
  const { agentId } = await createAgent(page, "template-1");
  const id = await newConversation(page, agentId);
  await page.goto(`/home/chat/${id}`);
  await page.getByRole("button", { name: "发送" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "请输入消息" })).toBeVisible();
});
