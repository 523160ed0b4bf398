import { expect, type Page, test } from "@playwright/test";
import { call, createAgent, newConversation } from "./chat-support";
import { createUser, signIn } from "./support";

/**
 * The 记忆 page: a person tells an agent with 长期记忆 about themselves, then sees, edits and deletes what it
 * remembered — with JavaScript and without.
 */
async function rememberSomething(page: Page) {
  const { agentId, name } = await createAgent(page, "template-1");
  await call(page, "/api/agent/config/update", { id: agentId, openLongMemory: "Open" });
  const conversationId = await newConversation(page, agentId);
  const res = await page.request.post("/api/agent/conversation/chat", {
    data: { conversationId, message: "我叫林小雨，我在做一个花店小程序，我喜欢简洁的回答" },
  });
  expect(res.status()).toBe(200);
  await expect
    .poll(async () => (await call<{ total: number }>(page, "/api/memory/list", { current: 1, pageSize: 10 })).total, {
      timeout: 20_000,
    })
    .toBe(3);
  return name;
}

const memoryList = (page: Page) => page.getByRole("list", { name: "记忆列表" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the 记忆 page lists, filters, edits and deletes what agents remembered", async ({ page, browser }) => {
      const user = await createUser(browser, javaScriptEnabled ? "memjs" : "memnojs");
      await signIn(page, user.email, "Member#Pass1");
      const agentName = await rememberSomething(page);

      // Reached from the avatar menu: a dropdown with JavaScript, a <details> disclosure of links without.
      await page.goto("/");
      if (javaScriptEnabled) {
        await page.getByRole("button", { name: /账号菜单/ }).click();
        await page.getByRole("menuitem", { name: "记忆" }).click();
      } else {
        await page.getByLabel(/账号菜单/).click();
        await page.getByRole("link", { name: "记忆" }).click();
      }
      await expect(page).toHaveURL(/\/memory$/);
      await expect(page.getByRole("heading", { name: "记忆" })).toBeVisible();
      const list = memoryList(page);
      await expect(list.getByRole("listitem")).toHaveCount(3);
      await expect(list.getByText("用户的名字是林小雨")).toBeVisible();
      await expect(list.getByText(agentName).first()).toBeVisible();

      // Filter by category (a GET form).
      await page.getByLabel("分类").selectOption("project");
      await page.getByRole("button", { name: "筛选" }).click();
      await expect(page).toHaveURL(/category=project/);
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByText("用户正在做一个花店小程序")).toBeVisible();

      // Edit it.
      await list.getByRole("link", { name: "编辑：用户正在做一个花店小程序" }).click();
      await page.getByLabel("记忆内容").fill("用户正在做一个花店网站");
      await page.getByRole("button", { name: "保存" }).click();
      await expect(page.getByText("已保存")).toBeAttached();
      await expect(list.getByText("用户正在做一个花店网站")).toBeVisible();

      // Delete one, asked first.
      await page.getByLabel("分类").selectOption("");
      await page.getByRole("button", { name: "筛选" }).click();
      await list.getByRole("link", { name: "删除：用户喜欢简洁的回答" }).click();
      await expect(page.getByText("将被永久删除，智能体不会再记得")).toBeVisible();
      await page.getByRole("button", { name: "删除", exact: true }).click();
      await expect(page.getByText("删除成功")).toBeAttached();
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByText("用户喜欢简洁的回答")).toHaveCount(0);

      // Then all of them.
      await page.getByRole("link", { name: "清空全部记忆" }).click();
      await expect(page.getByText("你的全部记忆将被永久删除")).toBeVisible();
      await page.getByRole("button", { name: "清空", exact: true }).click();
      await expect(page.getByText("已清空")).toBeAttached();
      await expect(page.getByText("还没有记忆")).toBeVisible();
      expect((await call<{ total: number }>(page, "/api/memory/list", { current: 1, pageSize: 10 })).total).toBe(0);
    });
  });
}
