import { writeFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { call } from "./chat-support";
import { createKnowledge, docRow, fixture, knowledgeByApi, search, uniqueKb } from "./knowledge-support";
import { hydrated, signInAdmin } from "./support";

/** Ingestion runs in the background (extraction, segmenting, embeddings); the page follows it by polling. */
const INGEST_TIMEOUT = 60_000;

test("create a knowledge base, upload documents, watch them finish live, read segments and search", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const name = uniqueKb("星河云帮助");
  await createKnowledge(page, name);

  // An unreadable file is accepted and fails on its own, with the reason and a retry button.
  const broken = testInfo.outputPath("损坏的文档.pdf");
  await writeFile(broken, "这不是一个 PDF 文件");

  await page.getByRole("link", { name: "上传文档" }).first().click();
  await expect(page).toHaveURL(/\/add\?kind=file$/);
  await page.getByLabel("选择文档").setInputFiles([fixture("refund.md"), fixture("invoice.docx"), broken]);
  const progress = page.getByRole("list", { name: "上传进度" });
  await expect(progress.getByRole("listitem")).toHaveCount(3);
  await expect(progress.getByText("已上传")).toHaveCount(3);
  // 自定义 segment settings: by length, 300 characters.
  await page.getByText("自定义", { exact: true }).click();
  await page.getByLabel("分段方式").selectOption("WORDS");
  await page.getByLabel("分段最大长度").fill("300");
  await page.getByRole("button", { name: "开始处理" }).click();
  await expect(page).toHaveURL(/\/knowledge\/\d+$/);
  await expect(page.getByText("已添加 3 个文档，正在处理")).toBeAttached();

  // No reload from here on: the list follows each document's status by itself.
  for (const doc of ["refund.md", "invoice.docx"]) {
    await expect(docRow(page, doc).getByText("已完成")).toBeVisible({ timeout: INGEST_TIMEOUT });
  }
  const failed = docRow(page, "损坏的文档.pdf");
  await expect(failed.getByText("失败", { exact: true })).toBeVisible({ timeout: INGEST_TIMEOUT });
  await expect(failed.getByRole("button", { name: "重试损坏的文档.pdf" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("3 个文档", { exact: true })).toBeVisible();

  // A document's segments.
  await docRow(page, "invoice.docx").getByRole("link", { name: "invoice.docx" }).click();
  await expect(page).toHaveURL(/doc=\d+/);
  const segments = page.getByRole("region", { name: "分段" });
  await expect(segments).toContainText("增值税专用发票");

  // 检索测试 in each mode finds the passage and names its document.
  for (const mode of ["混合", "全文", "语义"] as const) {
    const hits = await search(page, "退款多久能到账", mode, "0.1");
    const passage = hits.getByRole("listitem").filter({ hasText: "原路退回" }).first();
    await expect(passage).toContainText("来自：refund.md");
    await expect(passage.getByText(/得分 \d/)).toBeVisible();
  }
});

test("QA pairs: add, edit, find by search and delete", async ({ page }) => {
  await signInAdmin(page);
  const { spaceId, kbId } = await knowledgeByApi(page, uniqueKb("问答库"));
  await page.goto(`/space/${spaceId}/knowledge/${kbId}`);
  await page.getByRole("link", { name: "QA问答" }).click();
  await expect(page.getByText("还没有问答")).toBeVisible();
  await expect(page.getByRole("link", { name: "下载模板" })).toHaveAttribute("href", /downloadExcelTemplate/);

  await page.getByRole("link", { name: "添加问答" }).click();
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请输入问题")).toBeVisible();
  await page.getByLabel("问题", { exact: true }).fill("发票抬头能改吗");
  await page.getByLabel("答案", { exact: true }).fill("不能修改，30 天内可申请红冲");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已添加问答")).toBeAttached();
  const table = page.getByRole("table", { name: "问答列表" });
  await expect(table).toContainText("发票抬头能改吗");

  await table.getByRole("link", { name: "编辑问答：发票抬头能改吗" }).click();
  await page.getByLabel("答案", { exact: true }).fill("抬头开具后不能修改，需在 30 天内申请红冲后重开");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("问答已保存")).toBeAttached();
  await expect(table).toContainText("申请红冲后重开");

  // The search test finds the pair too.
  const hits = await search(page, "发票抬头可以修改吗", "混合");
  await expect(hits).toContainText("申请红冲后重开");

  await page.getByRole("link", { name: "QA问答" }).click();
  await table.getByRole("link", { name: "删除问答：发票抬头能改吗" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("问答已删除")).toBeAttached();
  await expect(page.getByText("还没有问答")).toBeVisible();
});

/**
 * Binds a new knowledge base in the agent editor's 知识 section and saves its 检索设置, a mistake first. With JavaScript
 * the settings form is inline and checks itself; without it the form posts and a mistake comes back on the binding's
 * own page.
 */
async function bindAndSet(page: Page, javaScript: boolean) {
  await signInAdmin(page);
  const name = uniqueKb("绑定库");
  const { spaceId } = await knowledgeByApi(page, name);
  const agentId = await call<number>(page, "/api/agent/add", { spaceId, name: uniqueKb("知识助手") });

  await page.goto(`/space/${spaceId}/agent/${agentId}?tab=config`);
  const section = page.getByRole("region", { name: "知识" });
  // The section opens by itself only once something is bound. Clicked before hydration, 添加 would post the whole
  // page and the next page's 保存设置 could post before that page hydrates: the run without JavaScript below.
  const summary = section.locator("summary", { hasText: "知识库" });
  if (javaScript) await hydrated(summary);
  await summary.click();
  await section.getByLabel("添加知识库").selectOption({ label: name });
  await section.getByRole("button", { name: "添加" }).click();
  // The bound item (its 移除 button), not the picker's option of the same name.
  await expect(section.getByRole("button", { name: `移除${name}` })).toBeVisible();
  if (!javaScript) await expect(page.getByRole("status").filter({ hasText: "已添加" })).toBeAttached();

  await section.getByText("检索设置").click();
  const form = page.getByRole("form", { name: `${name}的检索设置` });
  await form.getByText("自动调用", { exact: true }).click();
  await form.getByLabel("搜索策略").selectOption("SEMANTIC");
  await form.getByLabel("召回数量").fill("11");
  await form.getByRole("button", { name: "保存设置" }).click();
  await expect(form.getByText("最多为 10")).toBeVisible();
  if (!javaScript) {
    // The server's answer is the binding's own page, with what was chosen kept.
    await expect(page).toHaveURL(/\/knowledge-binding\/\d+$/);
    await expect(form.getByLabel("搜索策略")).toHaveValue("SEMANTIC");
    await expect(form.getByRole("radio", { name: "自动调用" })).toBeChecked();
  }
  await form.getByLabel("召回数量").fill("3");
  await form.getByLabel("匹配度").fill("0.3");
  await form.getByText("自定义", { exact: true }).click();
  await form.getByLabel("自定义回复").fill("资料里没有找到相关内容。");
  await form.getByRole("button", { name: "保存设置" }).click();
  await expect(page).toHaveURL(new RegExp(`/space/${spaceId}/agent/${agentId}$`));
  await expect(page.getByText(`「${name}」的检索设置已保存`)).toBeAttached();

  const bound = (
    await call<{ type: string; bindConfig: unknown }[]>(page, `/api/agent/component/list/${agentId}`)
  ).find((c) => c.type === "Knowledge");
  expect(bound?.bindConfig).toMatchObject({
    invokeType: "AUTO",
    searchStrategy: "SEMANTIC",
    maxRecallCount: 3,
    matchingDegree: 0.3,
    noneRecallReplyType: "CUSTOM",
    noneRecallReply: "资料里没有找到相关内容。",
  });
}

test("bind the knowledge base to an agent and save its retrieval settings", async ({ page }) => {
  await bindAndSet(page, true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("bind the knowledge base to an agent and save its retrieval settings", async ({ page }) => {
    await bindAndSet(page, false);
  });
});
