import { expect, test } from "@playwright/test";
import { signInAdmin } from "./support";
import { createWorkflow, openWorkflowLibrary, uniqueWorkflow } from "./workflow-support";

test.use({ javaScriptEnabled: false });

test("without JavaScript the editor is a readable outline with a working 试运行", async ({ page }, testInfo) => {
  await signInAdmin(page);
  await openWorkflowLibrary(page);
  await createWorkflow(page, uniqueWorkflow("无脚本"), { javaScript: false });

  // The new workflow's graph, in order, with where each node leads.
  const outline = page.getByRole("region", { name: "工作流大纲" });
  const steps = outline.getByRole("listitem").filter({ has: page.getByRole("heading") });
  await expect(steps.first()).toContainText("开始");
  await expect(steps.first()).toContainText("下一步 → 结束");
  await expect(steps.last()).toContainText("结束");
  await outline.getByRole("link", { name: "结束" }).click();
  await expect(page).toHaveURL(/#node-\d+$/);

  // 试运行 posts the form; the server reads the whole run and the page lists each node's outcome.
  const run = page.getByRole("region", { name: "试运行" });
  await expect(run).toContainText("开始节点没有输入参数");
  await run.getByRole("button", { name: "运行" }).click();
  const result = page.getByRole("region", { name: "运行结果" });
  await expect(result).toContainText("运行成功");
  await expect(result.getByRole("listitem").filter({ hasText: "开始" })).toContainText("成功");
  await expect(result.getByRole("listitem").filter({ hasText: "结束" })).toContainText("成功");
  await expect(result).toContainText("最终输出");
  await testInfo.attach("workflow-outline", {
    body: await page.screenshot({ fullPage: true }),
    contentType: "image/png",
  });
});
