import { expect, test } from "@playwright/test";
import { signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

test("create an agent and edit its prompt without JavaScript", async ({ page }) => {
  await signInAdmin(page, "/space");
  await expect(page).toHaveURL(/\/space\/\d+\/develop$/);

  // 创建智能体 is a link to its own page; the form validates on the server.
  await page.getByRole("link", { name: "创建智能体" }).first().click();
  await expect(page).toHaveURL(/\/space\/\d+\/develop\/new$/);
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page.getByText("请输入智能体名称")).toBeVisible();
  await expect(page.getByLabel("名称")).toBeFocused();
  const name = `无脚本${Date.now().toString(36)}`;
  await page.getByLabel("名称").fill(name);
  await page.getByText("学习伙伴", { exact: true }).click();
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/agent\/\d+$/);
  await expect(page.getByText(`已创建智能体「${name}」`)).toBeAttached();

  // Each section is its own form with a 保存 button; variables are listed for copying.
  const promptColumn = page.getByRole("region", { name: "提示词" });
  await expect(promptColumn.getByText("{{level}}", { exact: true })).toBeVisible();
  await promptColumn.getByLabel("人设与回复逻辑").fill("你是一位耐心的老师，面向{{level}}水平的学习者。");
  await promptColumn.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("提示词已保存")).toBeAttached();
  await expect(promptColumn.getByLabel("人设与回复逻辑")).toHaveValue(
    "你是一位耐心的老师，面向{{level}}水平的学习者。",
  );

  // A variable is added through the plain form too.
  const config = page.getByRole("region", { name: "配置" });
  await config.locator("summary", { hasText: "添加变量" }).click();
  await config.getByLabel("变量名").last().fill("topic");
  await config.getByRole("button", { name: "添加变量" }).click();
  await expect(page.getByText("已添加变量 topic")).toBeAttached();
  await expect(promptColumn.getByText("{{topic}}", { exact: true })).toBeVisible();

  // Back on the develop page, deletion is confirmed on the page itself.
  await page.getByRole("link", { name: "返回智能体开发" }).click();
  // The card's menu is a link to the page with that menu drawn open (?menu=), the card in view.
  await page.getByLabel(`${name}的更多操作`).click();
  await expect(page).toHaveURL(/[?&]menu=\d+#agent-\d+$/);
  await page.getByRole("link", { name: "删除" }).click();
  await expect(page).toHaveURL(/dialog=Del/);
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`确定删除智能体「${name}」吗？`);
  await confirm.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText(`智能体「${name}」已删除`)).toBeAttached();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});
