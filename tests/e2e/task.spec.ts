import { expect, type Locator, type Page, test } from "@playwright/test";
import { call, createAgent, messageList, newConversation, openChat } from "./chat-support";
import { signInAdmin } from "./support";

/** Scheduled tasks in the web: the chat's task section and the 定时任务 page, with and without JavaScript. */

async function agentWithTasks(page: Page) {
  await signInAdmin(page);
  const { agentId } = await createAgent(page, "template-1");
  await call(page, "/api/agent/config/update", { id: agentId, openScheduledTask: "Open" });
  return agentId;
}

const taskItem = (scope: Page | Locator, topic: string) =>
  scope.getByRole("listitem", { name: `定时任务「${topic}」` });

test.describe("with JavaScript", () => {
  test("a task asked for in chat shows in the side panel, pauses, resumes and cancels", async ({ page }) => {
    const agentId = await agentWithTasks(page);
    const id = await newConversation(page, agentId);
    await openChat(page, `/home/chat/${id}`);
    await page.getByLabel("输入消息").fill("每天早上 8 点给我总结新闻");
    await page.getByRole("button", { name: "发送" }).click();
    await expect(messageList(page).getByText(/create_scheduled_task：.*已创建定时任务「总结新闻」/)).toBeVisible();

    await page.reload();
    const panel = page.getByRole("region", { name: "定时任务" });
    const item = taskItem(panel, "总结新闻");
    await expect(item).toContainText("每天 08:00");
    await expect(item).toContainText("运行中");
    await expect(item).toContainText("下次执行：");

    await item.getByRole("button", { name: "暂停定时任务「总结新闻」" }).click();
    await expect(item).toContainText("已暂停");
    await expect(page).toHaveURL(`/home/chat/${id}`);
    await item.getByRole("button", { name: "恢复定时任务「总结新闻」" }).click();
    await expect(item).toContainText("运行中");
    await item.getByRole("button", { name: "取消定时任务「总结新闻」" }).click();
    await expect(item).toHaveCount(0);
    await expect(panel.getByText("还没有定时任务")).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the 定时任务 page lists a task with its next run; pause and cancel are form posts", async ({ page }) => {
    const agentId = await agentWithTasks(page);
    const topic = `周报${Date.now().toString(36)}`;
    await call(page, "/api/agent/task/create", {
      agentId,
      devMode: false,
      topic,
      summary: "写本周周报",
      taskCron: "30 17 * * 5",
    });
    // The chat's side panel links to the page (its list loads with JavaScript).
    const id = await newConversation(page, agentId);
    await page.goto(`/home/chat/${id}`);
    await page.getByRole("region", { name: "定时任务" }).getByRole("link", { name: "全部" }).click();
    await expect(page).toHaveURL(`/home/tasks?agentId=${agentId}`);

    const item = taskItem(page, topic);
    await expect(item).toContainText("每周五 17:30");
    await expect(item).toContainText("Asia/Shanghai");
    await expect(item.locator("time")).toHaveAttribute("datetime", /T09:30:00\.000Z$/);

    await item.getByRole("button", { name: `暂停定时任务「${topic}」` }).click();
    await expect(page.getByText("已暂停定时任务")).toBeAttached();
    await expect(item).toContainText("已暂停");
    await expect(item).toContainText("下次执行：—");

    await item.getByRole("button", { name: `取消定时任务「${topic}」` }).click();
    await expect(page.getByText("已取消定时任务")).toBeAttached();
    await expect(item).toContainText("已取消");
    await expect(item.getByRole("button")).toHaveCount(0);
  });
});
