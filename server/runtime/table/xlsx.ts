import { PassThrough, type Readable } from "node:stream";
import type { TableRow } from "#contract/api/table";
import { systemFieldNames } from "#contract/api/table";
import type { FieldSpec } from "./ddl";

/**
 * Spreadsheets of data tables, read and written with exceljs's streaming reader and writer, so a 100 000-row
 * file is never held as a whole workbook: the reader hands rows over one at a time and the writer flushes
 * each committed row.
 */

/** exceljs takes ~20 MB and half a second to load: only processes that handle a spreadsheet pay for it. */
const loadExcel = async () => (await import("exceljs")).default;

export type SheetCell = string | number | boolean | Date | null;

/** A cell's value as a plain value: rich text joined, formulas by their result, links by their text. */
export function plainCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return plainCell(v.result);
    if (typeof v.text === "string") return v.text;
    if ("error" in v) return null;
  }
  return String(value);
}

/** The columns of the header row matched to fields (by name, case-insensitively, or by description). */
export function matchHeader(header: SheetCell[], fields: FieldSpec[], descriptions: Map<number, string>) {
  const byName = new Map(fields.map((f) => [f.name.toLowerCase(), f]));
  const byDescription = new Map(
    fields.filter((f) => descriptions.get(f.id)).map((f) => [descriptions.get(f.id)?.toLowerCase() ?? "", f]),
  );
  const columns = new Map<number, FieldSpec>();
  header.forEach((cell, index) => {
    const text = cell === null ? "" : String(cell).trim().toLowerCase();
    const field = byName.get(text) ?? byDescription.get(text);
    if (field && ![...columns.values()].includes(field)) columns.set(index, field);
  });
  return columns;
}

/**
 * The first worksheet's rows, each with its sheet row number (the header is row 1) and its cells by column
 * index (0-based). Rows with no value at all are skipped.
 */
export async function* readSheet(input: Readable): AsyncGenerator<{ number: number; cells: SheetCell[] }> {
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row as unknown as { values: unknown[] }).values;
      const cells = values.slice(1).map(plainCell);
      if (cells.some((c) => c !== null && c !== ""))
        yield { number: (row as unknown as { number: number }).number, cells };
    }
    return;
  }
}

/** The header of an export: system columns, then the custom fields. */
export const exportColumns = (fields: FieldSpec[]) => [...systemFieldNames, ...fields.map((f) => f.name)];

/** Writes the rows into an .xlsx stream as they come; the returned stream is the file. */
export function writeSheet(columns: string[], batches: AsyncIterable<TableRow[]>, onError: (err: unknown) => void) {
  const out = new PassThrough();
  void (async () => {
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(columns).commit();
    for await (const rows of batches) {
      for (const row of rows) sheet.addRow(columns.map((c) => row[c] ?? null)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
