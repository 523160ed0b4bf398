import type { RowData, TableRow } from "#contract/api/table";
import type { FieldInfoLike } from "./field-rows";

/**
 * The row editor's values. Each editable column posts as `row.<fieldName>` text; these helpers show a stored
 * value in its typed input and turn the posted text back into the value the API takes (the server checks the
 * types again and answers per field).
 */

/** The form field of a column (prefixed, so a column named like a control — "intent" — cannot collide). */
export const rowFieldName = (fieldName: string) => `row.${fieldName}`;

/** The columns a person fills in: the enabled custom fields (system columns are written by the server). */
export const editableColumns = (columns: readonly FieldInfoLike[]) =>
  columns.filter((c) => !c.systemFieldFlag && c.enabledFlag);

/** "2026-03-04 05:06:07" (the API's form) → "2026-03-04T05:06:07" (a datetime-local input's). */
export function dateInputValue(value: string) {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  return match ? `${match[1]}T${match[2]}` : value;
}

/** A datetime-local value (seconds optional) → "YYYY-MM-DD HH:mm:ss"; anything else goes as typed. */
export function apiDateValue(text: string) {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(text.trim());
  return match ? `${match[1]} ${match[2]}${match[3] ?? ":00"}` : text.trim();
}

/** A stored value as its input's text. */
export function valueText(value: unknown, fieldType: number) {
  if (value === null || value === undefined) return "";
  if (fieldType === 4) return value === true || value === 1 || value === "1" || value === "true" ? "true" : "false";
  if (fieldType === 5) return dateInputValue(String(value));
  return typeof value === "string" ? value : String(value);
}

/** A stored value as the grid shows it. */
export function cellText(value: unknown, fieldType: number) {
  if (value === null || value === undefined || value === "") return "";
  if (fieldType === 4) return valueText(value, 4) === "true" ? "是" : "否";
  return typeof value === "string" ? value : String(value);
}

/** A posted text as the column's value: empty is null; numbers and booleans typed; unreadable text kept for the server to refuse. */
export function parseCell(text: string, fieldType: number): RowData[string] {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (fieldType === 2 || fieldType === 3) {
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : trimmed;
  }
  if (fieldType === 4) return trimmed === "true" ? true : trimmed === "false" ? false : trimmed;
  if (fieldType === 5) return apiDateValue(trimmed);
  // Text keeps its spaces: they may be part of the value.
  return text;
}

/** The posted row's values for the editable columns. */
export function readRowData(formData: FormData, columns: readonly FieldInfoLike[]): RowData {
  const row: RowData = {};
  for (const column of editableColumns(columns)) {
    const posted = formData.get(rowFieldName(column.fieldName));
    row[column.fieldName] = parseCell(typeof posted === "string" ? posted : "", column.fieldType);
  }
  return row;
}

/** What the form shows after a refusal: the posted texts, by column. */
export function rowTexts(formData: FormData, columns: readonly FieldInfoLike[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const column of editableColumns(columns)) {
    const posted = formData.get(rowFieldName(column.fieldName));
    texts[column.fieldName] = typeof posted === "string" ? posted : "";
  }
  return texts;
}

/** A stored row's texts, by column (the edit form's starting values). */
export function storedTexts(row: TableRow | undefined, columns: readonly FieldInfoLike[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const column of editableColumns(columns)) {
    texts[column.fieldName] = valueText(row?.[column.fieldName], column.fieldType);
  }
  return texts;
}
