import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { TableDataPage, TableDefineDetails } from "../../contract/api/table";
import { ok } from "../support/agents";
import { rows } from "../support/helpers";
import type { TestServer } from "../support/server";

/** Helpers shared by the data-table API tests (tests/api/table-*.test.ts). */

export const T = "/api/compose/db/table";

export type FieldInput = {
  id?: number;
  fieldName: string;
  fieldType: number;
  fieldDescription?: string;
  nullableFlag?: boolean | number;
  uniqueFlag?: boolean | number;
  enabledFlag?: boolean | number;
  defaultValue?: string | null;
};

export async function newTable(s: TestServer, token: string, spaceId: number, name = "客户表") {
  return ok<number>(await s.call(`${T}/add`, { token, body: { spaceId, tableName: name, tableDescription: "测试" } }));
}

export async function details(s: TestServer, token: string, id: number) {
  return ok<TableDefineDetails>(await s.call(`${T}/detailById?id=${id}`, { token }));
}

export const defineFields = (s: TestServer, token: string, id: number, fieldList: FieldInput[]) =>
  s.call(`${T}/updateTableDefinition`, { token, body: { id, fieldList } });

/** A table with the given custom fields, ready for rows. */
export async function tableWith(s: TestServer, token: string, spaceId: number, fields: FieldInput[], name?: string) {
  const id = await newTable(s, token, spaceId, name);
  ok(await defineFields(s, token, id, fields));
  return id;
}

export const addRow = (s: TestServer, token: string, tableId: number, rowData: Record<string, unknown>) =>
  s.call(`${T}/addBusinessData`, { token, body: { tableId, rowData } });

export async function page(s: TestServer, token: string, tableId: number, pageNo = 1, pageSize = 10) {
  return ok<TableDataPage>(
    await s.call(`${T}/getTableDataById?tableId=${tableId}&pageNo=${pageNo}&pageSize=${pageSize}`, { token }),
  );
}

/** Every row (up to 1000) straight from the physical table. */
export async function physicalRows(s: TestServer, tableId: number) {
  return rows(s, sql.raw(`select * from agent_custom_table.custom_table_${tableId} order by id`));
}

export function customFields(d: TableDefineDetails) {
  const fields = d.fieldList.filter((f) => !f.systemFieldFlag);
  expect(d.fieldList.slice(0, 8).every((f) => f.systemFieldFlag)).toBe(true);
  return fields;
}

/** Posts an .xlsx (or any bytes) as the multipart `file` of importExcel. */
export async function importFile(
  s: TestServer,
  token: string,
  tableId: number,
  bytes: Uint8Array<ArrayBuffer>,
  name = "rows.xlsx",
) {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  const res = await fetch(`${s.url}${T}/importExcel/${tableId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()) as { code: string; message: string; data: any };
}

/** An .xlsx whose first sheet holds these rows (the first is the header). */
export async function xlsxOf(sheetRows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  for (const r of sheetRows) sheet.addRow(r);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
