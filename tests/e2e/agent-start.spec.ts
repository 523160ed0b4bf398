import { expect, test } from "@playwright/test";
import { answerTo, messageList } from "./chat-support";
import { signInAdmin } from "./support";

// /agent/:id as the original has it: a chat-like start page with the opening message, the guide questions and the
// variables form, and the conversations with this agent in 相关会话. The seeded square example 写作助手 has all of them.

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("/agent/:id opens like a chat and lists the conversations started from it", async ({ page }) => {
      await signInAdmin(page);
      await page.goto("/square");
      await page
        .getByRole("link")
        .filter({ has: page.getByRole("heading", { name: "写作助手", exact: true }) })
        .click();
      await expect(page).toHaveURL(/\/agent\/\d+$/);
      const detail = new URL(page.url()).pathname;

      const start = page.getByRole("region", { name: "开始对话" });
      await expect(start.getByText(/^你好！我是写作助手/)).toBeVisible();
      await expect(start.getByRole("button", { name: "帮我写一封请假邮件" })).toBeVisible();
      await expect(start.getByLabel("文风")).toHaveValue("正式");

      const message = `写一句${javaScriptEnabled ? "有" : "无"}脚本的问候`;
      await start.getByLabel("文风").selectOption("轻松");
      await start.getByLabel("输入消息").fill(message);
      await start.getByRole("button", { name: "开始对话" }).click();
      await expect(page).toHaveURL(/\/home\/chat\/\d+/);
      const chatPath = new URL(page.url()).pathname;
      // Without JavaScript the chat page holds the message in its own form, ready to send.
      if (!javaScriptEnabled) await page.getByRole("button", { name: "发送" }).click();
      await expect(messageList(page).getByText(answerTo(message))).toBeVisible();

      await page.goto(detail);
      const related = page.getByRole("navigation", { name: "相关会话" });
      await expect(related.locator(`a[href="${chatPath}"]`)).toBeVisible();
      await related.locator(`a[href="${chatPath}"]`).click();
      await expect(page).toHaveURL(chatPath);
      await expect(messageList(page).getByText(message, { exact: true })).toBeVisible();
    });
  });
}
