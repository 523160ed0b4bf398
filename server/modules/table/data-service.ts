import { Readable } from "node:stream";
import type { Actor, Deps } from "#server/core";
import { AppError, badField, badInput, Codes, fail, notFound } from "#server/core";
import type * as ddl from "#server/runtime/table/ddl";
import * as rows from "#server/runtime/table/rows";
import { type CellError, type CellValue, coerceRow } from "#server/runtime/table/values";
import * as xlsx from "#server/runtime/table/xlsx";
import { findUserById } from "../auth";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportReport, type RowData } from "./contract";
import { columnDefines } from "./dto";
import * as repo from "./repo";
import { accessTable } from "./service";

const ROW_NOT_FOUND = "数据不存在";
const EXPORT_MAX_ROWS = 1_000_000;
const REPORT_MAX_ERRORS = 1000;

/** What a unique violation means to the person who caused it. */
export function rowRefusal(err: unknown) {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (code === "23505") return fail("与已有数据重复：唯一字段的值已存在");
  if (code === "23502") return fail("必填字段不能为空");
  return err;
}

async function authorOf(deps: Deps, actor: Actor): Promise<rows.RowAuthor> {
  const user = await findUserById(deps.db, actor.userId);
  return {
    uid: String(actor.userId),
    userName: actor.userName,
    nickName: user?.nickName ?? null,
    agentId: null,
    agentName: null,
  };
}

const refuseCells = (errors: CellError[]) => {
  const first = errors[0];
  return first ? badField(`rowData.${first.field}`, first.reason) : badInput("数据有误");
};

export async function tableData(deps: Deps, actor: Actor, q: { tableId: number; pageNo: number; pageSize: number }) {
  await accessTable(deps, actor, q.tableId);
  const fieldRows = await repo.listFields(deps.db, q.tableId);
  const fields = fieldRows.map((f) => ({ ...f, fieldType: f.fieldType as ddl.FieldSpec["fieldType"] }));
  const [total, records] = await Promise.all([
    rows.countRows(deps.db, q.tableId),
    rows.pageRows(deps.db, q.tableId, fields, q.pageSize, (q.pageNo - 1) * q.pageSize),
  ]);
  return {
    records,
    total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(total / q.pageSize),
    columnDefines: columnDefines(fieldRows),
  };
}

async function editableFields(deps: Deps, actor: Actor, tableId: number) {
  const { table } = await accessTable(deps, actor, tableId, "Edit");
  const fieldRows = await repo.listFields(deps.db, tableId);
  return {
    table,
    fieldRows,
    fields: fieldRows.map((f) => ({ ...f, fieldType: f.fieldType as ddl.FieldSpec["fieldType"] })),
  };
}

export async function addRow(deps: Deps, actor: Actor, tableId: number, data: RowData) {
  const { fields } = await editableFields(deps, actor, tableId);
  const { values, errors } = coerceRow(fields, data, false);
  if (errors.length) throw refuseCells(errors);
  try {
    await rows.insertRows(deps.db, tableId, [...values.keys()], [[...values.values()]], await authorOf(deps, actor));
  } catch (err) {
    throw rowRefusal(err);
  }
}

export async function updateRow(deps: Deps, actor: Actor, tableId: number, rowId: number, data: RowData) {
  const { fields } = await editableFields(deps, actor, tableId);
  const { values, errors } = coerceRow(fields, data, true);
  if (errors.length) throw refuseCells(errors);
  let found: boolean;
  try {
    found = await rows.updateRow(deps.db, tableId, rowId, values);
  } catch (err) {
    throw rowRefusal(err);
  }
  if (!found) throw notFound(ROW_NOT_FOUND);
}

export async function deleteRow(deps: Deps, actor: Actor, tableId: number, rowId: number) {
  await editableFields(deps, actor, tableId);
  if (!(await rows.deleteRow(deps.db, tableId, rowId))) throw notFound(ROW_NOT_FOUND);
}

export async function clearRows(deps: Deps, actor: Actor, tableId: number) {
  await editableFields(deps, actor, tableId);
  await rows.clearRows(deps.db, tableId);
}

/** Excel 97–2003 files are refused with a way out (docs/decisions/0018-xls-import.md). */
const XLS_REFUSED = "不支持 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入";
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An .xls (a Compound File) whatever its name says: its first eight bytes. */
async function isBiff(file: File) {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return head.length === 8 && CFB_MAGIC.every((b, i) => head[i] === b);
}

/**
 * Imports the first sheet of an .xlsx. Every row is checked first (types, required fields, duplicates of unique
 * fields within the file); any refusal imports nothing and answers 0001 with the report. Good files go in within
 * one transaction, in batches.
 */
export async function importExcel(deps: Deps, actor: Actor, tableId: number, file: File | null) {
  const { fields, fieldRows } = await editableFields(deps, actor, tableId);
  if (!file) throw badField("file", "请选择要导入的文件");
  if (/\.xls$/i.test(file.name) || (await isBiff(file))) throw badField("file", XLS_REFUSED);
  if (!/\.xlsx$/i.test(file.name)) throw badField("file", "仅支持 .xlsx 文件");
  if (file.size > IMPORT_MAX_BYTES) throw badField("file", "文件不能超过 100 MB");
  const descriptions = new Map(fieldRows.map((f) => [f.id, f.description]));
  const report: ImportReport = { totalRows: 0, importedRows: 0, errors: [], errorCount: 0 };
  const refuse = (error: CellError & { row: number }) => {
    report.errorCount++;
    if (report.errors.length < REPORT_MAX_ERRORS)
      report.errors.push({ row: error.row, field: error.field, reason: error.reason });
  };
  let columns: Map<number, ddl.FieldSpec> | undefined;
  const names = fields.map((f) => f.name);
  const good: CellValue[][] = [];
  const seen = new Map(fields.filter((f) => f.unique).map((f) => [f.name, new Map<string, number>()]));
  try {
    for await (const { number, cells } of xlsx.readSheet(Readable.fromWeb(file.stream() as never))) {
      if (!columns) {
        columns = xlsx.matchHeader(cells, fields, descriptions);
        if (!columns.size) throw fail("表头没有与字段名对应的列：第一行应为字段名");
        continue;
      }
      report.totalRows++;
      if (report.totalRows > IMPORT_MAX_ROWS) throw fail(`一次最多导入 ${IMPORT_MAX_ROWS} 行`);
      const data: Record<string, unknown> = {};
      for (const [index, field] of columns) data[field.name] = cells[index] ?? null;
      const { values, errors } = coerceRow(fields, data, false);
      for (const e of errors) refuse({ ...e, row: number });
      for (const [name, byValue] of seen) {
        const v = values.get(name);
        if (v === null || v === undefined) continue;
        const earlier = byValue.get(String(v));
        if (earlier) refuse({ row: number, field: name, reason: `与第 ${earlier} 行重复（唯一字段）` });
        else byValue.set(String(v), number);
      }
      if (!errors.length) good.push(names.map((n) => (values.has(n) ? (values.get(n) as CellValue) : null)));
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.log.warn({ err }, "xlsx import: unreadable file");
    throw badField("file", "文件无法读取，请上传有效的 .xlsx 文件");
  }
  if (!columns) throw fail("文件是空的");
  if (report.errorCount) {
    const first = report.errors[0];
    throw new AppError(
      Codes.BUSINESS,
      `第 ${first?.row} 行${first?.field ? `“${first.field}”` : ""}：${first?.reason}（共 ${report.errorCount} 处错误，未导入任何数据）`,
      report,
    );
  }
  // A column absent from the sheet takes the field's default: insert only the columns the sheet has.
  const present = names.filter((n) => [...(columns?.values() ?? [])].some((f) => f.name === n));
  const picked = good.map((r) => present.map((n) => r[names.indexOf(n)] ?? null));
  const author = await authorOf(deps, actor);
  try {
    await deps.db.transaction((tx) => rows.insertRows(tx, tableId, present, picked, author));
  } catch (err) {
    throw rowRefusal(err);
  }
  report.importedRows = picked.length;
  return report;
}

/** The table's rows as an .xlsx download (at most a million rows). */
export async function exportExcel(deps: Deps, actor: Actor, tableId: number) {
  const { table } = await accessTable(deps, actor, tableId);
  const fields = (await repo.listFields(deps.db, tableId)).map((f) => ({
    ...f,
    fieldType: f.fieldType as ddl.FieldSpec["fieldType"],
  }));
  if ((await rows.countRows(deps.db, tableId)) > EXPORT_MAX_ROWS) throw fail(`最多导出 ${EXPORT_MAX_ROWS} 行`);
  const stream = xlsx.writeSheet(xlsx.exportColumns(fields), rows.allRows(deps.db, tableId, fields), (err) =>
    deps.log.error({ err }, "xlsx export failed"),
  );
  const filename = encodeURIComponent(`${table.name}.xlsx`);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="table-${tableId}.xlsx"; filename*=UTF-8''${filename}`,
      "cache-control": "no-store",
    },
  });
}
