import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { createKnowledge, docRow, fixture, search, uniqueKb } from "./knowledge-support";
import { signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

test("without JavaScript: create a knowledge base, paste text, refresh until it is done, search it", async ({
  page,
}) => {
  await signInAdmin(page);
  const name = uniqueKb("无脚本知识库");
  await createKnowledge(page, name, false);

  await page.getByRole("link", { name: "粘贴文本" }).first().click();
  await expect(page).toHaveURL(/\/add\?kind=text$/);
  // The server checks the form and answers under the fields.
  await page.getByRole("button", { name: "开始处理" }).click();
  await expect(page.getByText("请输入文档名称")).toBeVisible();
  await expect(page.getByText("请输入文本内容")).toBeVisible();
  await page.getByLabel("文档名称").fill("会员等级说明");
  await page.getByLabel("文本内容").fill(await readFile(fixture("membership.txt"), "utf8"));
  // 自定义: split at blank lines.
  await page.getByText("自定义", { exact: true }).click();
  await page.getByLabel("分段方式").selectOption("DELIMITER");
  await page.getByLabel("分隔符", { exact: true }).selectOption({ label: "空行（\\n\\n）" });
  await page.getByRole("button", { name: "开始处理" }).click();
  await expect(page).toHaveURL(/\/knowledge\/\d+$/);
  await expect(page.getByText("已添加「会员等级说明」，正在处理")).toBeAttached();

  // Without JavaScript the page does not poll: 刷新 (shown while something is in progress) reloads it.
  const row = docRow(page, "会员等级说明");
  await expect(async () => {
    const refresh = page.getByRole("link", { name: "刷新" });
    if (await refresh.isVisible()) await refresh.click();
    await expect(row.getByText("已完成")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  await row.getByRole("link", { name: "会员等级说明" }).click();
  const segments = page.getByRole("region", { name: "分段" });
  await expect(segments.getByRole("listitem").first()).toBeVisible();
  await expect(segments).toContainText("会员");

  const hits = await search(page, "钻石会员的折扣是多少", "全文");
  await expect(hits.getByRole("listitem").first()).toContainText("来自：会员等级说明");

  // A bad threshold is refused by the server, under its field.
  await page.getByLabel("匹配度阈值").fill("2");
  await page.getByRole("button", { name: "检索", exact: true }).click();
  await expect(page.getByText("不能大于 1")).toBeVisible();

  // Settings: rename through a plain form post.
  await page.getByRole("navigation", { name: "知识库内容" }).getByRole("link", { name: "设置" }).click();
  await page.getByLabel("名称").fill(`${name}（新）`);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已保存")).toBeAttached();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name}（新）`);
});
