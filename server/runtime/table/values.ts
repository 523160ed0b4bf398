import { LONG_TEXT_MAX, STRING_MAX, systemFieldNames } from "#contract/api/table";
import { type FieldSpec, parseDateText } from "./ddl";

/** A value ready to bind: text (also numbers as text and dates as `YYYY-MM-DD HH:mm:ss`), a number, a boolean or null. */
export type CellValue = string | number | boolean | null;
export interface CellError {
  field: string;
  reason: string;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** A Date read from a spreadsheet cell (its wall-clock time, which exceljs hands over as UTC). */
const dateText = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

/**
 * One cell checked against its field's type: the value to bind, or why it is refused (Chinese). Empty text counts
 * as null for every type but the text ones; whether null is allowed is coerceRow's question.
 */
export function coerceCell(field: FieldSpec, raw: unknown): { value: CellValue } | { error: string } {
  if (raw === undefined || raw === null || (raw === "" && field.fieldType !== 1 && field.fieldType !== 7)) {
    return { value: null };
  }
  switch (field.fieldType) {
    case 1:
    case 7: {
      const text = raw instanceof Date ? dateText(raw) : typeof raw === "object" ? JSON.stringify(raw) : String(raw);
      const max = field.fieldType === 1 ? STRING_MAX : LONG_TEXT_MAX;
      return text.length > max ? { error: `最多 ${max} 个字符` } : { value: text };
    }
    case 2: {
      const n =
        typeof raw === "number" ? raw : typeof raw === "string" && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(n)) return { error: "必须是整数" };
      return n < INT_MIN || n > INT_MAX ? { error: "超出整数范围" } : { value: n };
    }
    case 3: {
      const text =
        typeof raw === "number" && Number.isFinite(raw) ? String(raw) : typeof raw === "string" ? raw.trim() : "";
      if (!/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return { error: "必须是数字" };
      return Math.abs(Number(text)) >= 1e14 ? { error: "超出数字范围（最多 14 位整数）" } : { value: text };
    }
    case 4: {
      if (typeof raw === "boolean") return { value: raw };
      const text = String(raw).trim().toLowerCase();
      if (["true", "1", "是", "yes"].includes(text)) return { value: true };
      if (["false", "0", "否", "no"].includes(text)) return { value: false };
      return { error: "必须是 true 或 false" };
    }
    case 5: {
      const text =
        raw instanceof Date
          ? Number.isNaN(raw.getTime())
            ? null
            : dateText(raw)
          : typeof raw === "string"
            ? parseDateText(raw)
            : null;
      return text ? { value: text } : { error: "必须是日期（YYYY-MM-DD HH:mm:ss）" };
    }
  }
}

const system = new Set<string>(systemFieldNames);

/**
 * A row's values by field name checked against the fields. `partial` (an edit) leaves missing fields alone; an
 * insert leaves them to their defaults but refuses a missing required field without one. Keys naming system
 * columns are ignored (clients send back what they were shown); other unknown keys are refused.
 */
export function coerceRow(fields: FieldSpec[], data: Record<string, unknown>, partial: boolean) {
  const values = new Map<string, CellValue>();
  const errors: CellError[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  for (const key of Object.keys(data)) {
    if (!byName.has(key) && !system.has(key)) errors.push({ field: key, reason: "字段不存在" });
  }
  for (const field of fields) {
    const has = Object.hasOwn(data, field.name);
    if (!has) {
      if (!partial && !field.nullable && !field.defaultValue) errors.push({ field: field.name, reason: "不能为空" });
      continue;
    }
    const result = coerceCell(field, data[field.name]);
    if ("error" in result) errors.push({ field: field.name, reason: result.error });
    else if (result.value !== null || field.nullable) values.set(field.name, result.value);
    else if (partial || !field.defaultValue) errors.push({ field: field.name, reason: "不能为空" });
  }
  return { values, errors };
}
