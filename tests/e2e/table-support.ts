import { expect, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { personalSpaceId } from "./chat-support";

export const uniqueTable = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** Signed in already: 组件库 → 新建 → 数据表 → the create form; ends on the new table's page, returns its path. */
export async function createTable(page: Page, name: string, { javaScript = true } = {}) {
  const spaceId = await personalSpaceId(page);
  await page.goto(`/space/${spaceId}/library?type=Table`);
  // With JavaScript the menu is a Radix dropdown once hydrated (before that, a <details> disclosure).
  if (javaScript) await expect(page.getByLabel("新建组件")).toHaveAttribute("aria-haspopup", "menu");
  await page.getByLabel("新建组件").click();
  const menu = javaScript ? page.getByRole("menu") : page.locator("details[open]");
  await menu.getByRole(javaScript ? "menuitem" : "link", { name: "数据表", exact: true }).click();
  await expect(page).toHaveURL(/\/library\/table\/new$/);
  await page.getByLabel("名称").fill(name);
  await page.getByLabel("描述").fill("端到端测试用的数据表");
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(/\/space\/\d+\/table\/\d+$/);
  await expect(page.getByText(`已创建数据表「${name}」`)).toBeAttached();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The structure form and its `n`th custom field's controls (0-based). */
export function fieldRow(page: Page, n: number) {
  const form = page.getByRole("form", { name: "表结构" });
  return {
    name: form.getByLabel("字段名").nth(n),
    type: form.getByLabel("字段类型").nth(n),
    nullable: form.getByLabel("可为空").nth(n),
    unique: form.getByLabel("唯一").nth(n),
  };
}

/** 新增字段 `count` times (a client-side edit with JavaScript, a post without). */
export async function addFields(page: Page, count: number) {
  const names = page.getByRole("form", { name: "表结构" }).getByLabel("字段名");
  const before = await names.count();
  for (let i = 0; i < count; i += 1) {
    await page.getByRole("button", { name: "新增字段" }).click();
    await expect(names).toHaveCount(before + i + 1);
  }
}

/** An .xlsx whose first row is `header`, then `rows`. */
export async function xlsx(header: string[], rows: (string | number | boolean | null)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of an .xlsx file's first sheet, as cell values. */
export async function readXlsx(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The grid's data rows. */
export const gridRows = (page: Page) => page.getByRole("table", { name: "表数据" }).locator("tbody tr");
