import { expect, test } from "@playwright/test";
import { answerTo, messageList, OFFLINE_ANSWER } from "./chat-support";
import { signInAdmin } from "./support";

/**
 * A fresh install (the e2e server starts on an empty data dir with the default SEED_EXAMPLES): the admin can
 * chat from the home page at once, and the square already has agents to try and copy.
 */
test("the admin's home page answers from the seeded default agent", async ({ page }) => {
  await signInAdmin(page, "/");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("管理员还没有设置默认智能体")).toHaveCount(0);
  await page.getByLabel("消息").fill("你好");
  await page.getByLabel("消息").press("Enter");
  await expect(page).toHaveURL(/\/home\/chat\/\d+/);
  const list = messageList(page);
  await expect(list.getByText(OFFLINE_ANSWER)).toBeVisible();
  await expect(list.getByText(answerTo("你好"))).toBeVisible();
});

test("the square shows the seeded examples, copyable", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/square");
  for (const name of ["通用助手", "写作助手", "学习伙伴", "客服助手"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("系统配置 shows the default agent by name and narrows the choice by a search", async ({ page }) => {
    await signInAdmin(page, "/system/config?tab=AgentSetting");
    const picker = page.getByLabel("首页默认智能体");
    await expect(picker.locator("option:checked")).toHaveText(/^通用助手（ID \d+）$/);
    await expect(picker.locator("option")).toHaveCount(5);
    await page.getByLabel("搜索智能体").fill("写作");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/agentKw=/);
    // The match, the stored choice (kept so a save does not clear it) and 未设置.
    await expect(picker.locator("option")).toHaveText(["未设置", /^写作助手/, /^通用助手/]);
  });

  test("the home page sends the first message to the default agent", async ({ page }) => {
    await signInAdmin(page, "/");
    await page.getByLabel("消息").fill("在吗");
    await page.getByRole("button", { name: "发送" }).click();
    await expect(page).toHaveURL(/\/home\/chat\/\d+/);
    // Without JavaScript the chat page holds the message in its own form, ready to send.
    await expect(page.getByLabel("输入消息")).toHaveValue("在吗");
    await page.getByRole("button", { name: "发送" }).click();
    await expect(messageList(page).getByText(answerTo("在吗"))).toBeVisible();
  });
});

test("with JavaScript the default agent is picked from a searchable list", async ({ page }) => {
  await signInAdmin(page, "/system/config?tab=AgentSetting");
  const box = page.getByRole("combobox", { name: "首页默认智能体" });
  await expect(box).toHaveValue(/^通用助手/);
  await box.fill("学习");
  await expect(page.getByRole("option")).toHaveText([/^学习伙伴/]);
  await page.getByRole("option", { name: /学习伙伴/ }).click();
  await expect(box).toHaveValue(/^学习伙伴/);
  // Put the seeded default back without saving anything else: the page keeps the stored value until 保存.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "首页默认智能体" })).toHaveValue(/^通用助手/);
});
