import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import {
  customFieldTypes,
  type TableFieldInfo,
  type TableFieldType,
  tableFieldTypeLabels,
  type UpdateTableDefinitionInput,
  updateTableDefinitionInput,
} from "#contract/api/table";

/**
 * The structure editor as form rows. The custom fields post as indexed inputs (`fields[0].fieldName`), so the
 * editor works without JavaScript; these helpers turn the saved field list into rows, posted rows back into
 * rows, and make the structural edits (新增字段, 删除) its buttons ask for.
 */

/** A field as the table's detail gives it (only what the editor reads). */
export type FieldInfoLike = Pick<
  TableFieldInfo,
  | "id"
  | "fieldName"
  | "fieldDescription"
  | "systemFieldFlag"
  | "fieldType"
  | "nullableFlag"
  | "uniqueFlag"
  | "enabledFlag"
  | "defaultValue"
  | "sortIndex"
>;

/** One custom field as the form posts it: text everywhere, a checkbox present only when ticked. */
export interface FieldRow {
  /** A stable React key (not posted). */
  key: string;
  /** The saved field's id, "" for a field added since. */
  id: string;
  fieldName: string;
  fieldDescription: string;
  fieldType: string;
  nullableFlag: boolean;
  uniqueFlag: boolean;
  enabledFlag: boolean;
  defaultValue: string;
}

/** The types a builder picks from (the contract's; PrimaryKey belongs to the system `id`). */
export const fieldTypeChoices = customFieldTypes.map((t) => ({ value: String(t), label: tableFieldTypeLabels[t] }));

/** Any type's label, PrimaryKey included (shown in the system fields' group). */
export const fieldTypeLabel = (type: number | string) =>
  tableFieldTypeLabels[Number(type) as TableFieldType] ?? String(type);

/** A new field, as the original adds one: String, nullable, not unique, enabled. */
const newField: Omit<FieldRow, "key"> = {
  id: "",
  fieldName: "",
  fieldDescription: "",
  fieldType: "1",
  nullableFlag: true,
  uniqueFlag: false,
  enabledFlag: true,
  defaultValue: "",
};

let counter = 0;
export const emptyField = (): FieldRow => {
  counter += 1;
  return { ...newField, key: `n${Date.now().toString(36)}${counter}` };
};

const bySort = (a: FieldInfoLike, b: FieldInfoLike) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0) || a.id - b.id;

/** The system columns (id, uid, created …), read-only and shown folded under one row. */
export const systemFields = (fields: readonly FieldInfoLike[]) => fields.filter((f) => f.systemFieldFlag).sort(bySort);

/** The saved custom fields as rows. */
export function rowsOfFields(fields: readonly FieldInfoLike[]): FieldRow[] {
  return fields
    .filter((f) => !f.systemFieldFlag)
    .sort(bySort)
    .map((f) => ({
      key: `f${f.id}`,
      id: String(f.id),
      fieldName: f.fieldName,
      fieldDescription: f.fieldDescription ?? "",
      fieldType: String(f.fieldType),
      nullableFlag: f.nullableFlag,
      uniqueFlag: f.uniqueFlag,
      enabledFlag: f.enabledFlag,
      defaultValue: f.defaultValue ?? "",
    }));
}

const postedRow = z.object({
  id: z.string().optional(),
  fieldName: z.string().optional(),
  fieldDescription: z.string().optional(),
  fieldType: z.string().optional(),
  nullableFlag: z.boolean().optional(),
  uniqueFlag: z.boolean().optional(),
  enabledFlag: z.boolean().optional(),
  defaultValue: z.string().optional(),
});
const postedRows = z.object({ fields: z.array(postedRow.optional()).default([]) });

/** The posted rows, read leniently (the rules are the contract's, applied when the body is built). */
export function readFieldRows(formData: FormData): FieldRow[] {
  // conform's parser turns indexed names into nested rows and a ticked checkbox's "on" into true.
  const parsed = parseWithZod(formData, { schema: postedRows });
  const rows = parsed.status === "success" ? parsed.value.fields : [];
  return rows.map((r, i) => ({
    key: `p${i}`,
    id: r?.id?.trim() ?? "",
    fieldName: r?.fieldName?.trim() ?? "",
    fieldDescription: r?.fieldDescription?.trim() ?? "",
    fieldType: r?.fieldType || "1",
    nullableFlag: r?.nullableFlag ?? false,
    uniqueFlag: r?.uniqueFlag ?? false,
    enabledFlag: r?.enabledFlag ?? false,
    defaultValue: r?.defaultValue ?? "",
  }));
}

/** A structure edit named by a submit button's `intent`: "field-add", or "field-remove:2". */
export function parseFieldEdit(intent: string): { op: "add" } | { op: "remove"; index: number } | null {
  if (intent === "field-add") return { op: "add" };
  const match = /^field-remove:(\d{1,3})$/.exec(intent);
  return match ? { op: "remove", index: Number(match[1]) } : null;
}

export function applyFieldEdit(rows: FieldRow[], edit: NonNullable<ReturnType<typeof parseFieldEdit>>): FieldRow[] {
  return edit.op === "add" ? [...rows, emptyField()] : rows.filter((_, i) => i !== edit.index);
}

/**
 * Whether a row's type and constraints are locked: a saved field of a table that holds data (the server
 * refuses such a change; the original greys the controls and suggests clearing the data first).
 */
export const isLocked = (row: FieldRow, hasData: boolean) => hasData && row.id !== "";

export type FieldErrors = Record<string, string[]>;

/** A contract issue path (["fieldList", 0, "fieldName"]) as the form field's name ("fields[0].fieldName"). */
export function formFieldOf(path: readonly PropertyKey[]) {
  const [list, index, ...rest] = path;
  if (list !== "fieldList" || (typeof index !== "number" && !/^\d+$/.test(String(index)))) return "";
  return [`fields[${String(index)}]`, ...rest.map(String)].join(".");
}

/**
 * The rows as the contract's updateTableDefinition body, checked by its rules: saved fields keep their id, new
 * ones go without, an empty default is none. Errors come back under the rows' form fields.
 */
export function checkDefinition(
  tableId: number,
  rows: readonly FieldRow[],
): { ok: true; body: UpdateTableDefinitionInput } | { ok: false; errors: FieldErrors } {
  const parsed = updateTableDefinitionInput.safeParse({
    id: tableId,
    fieldList: rows.map((row, i) => ({
      ...(row.id ? { id: Number(row.id) } : {}),
      fieldName: row.fieldName,
      fieldDescription: row.fieldDescription,
      fieldType: Number(row.fieldType),
      nullableFlag: row.nullableFlag,
      uniqueFlag: row.uniqueFlag,
      enabledFlag: row.enabledFlag,
      defaultValue: row.defaultValue === "" ? null : row.defaultValue,
      sortIndex: i,
    })),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const name = formFieldOf(issue.path);
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return { ok: false, errors };
}

/** The first field with an error, in the order the form shows them (for focus). */
export const firstErrorField = (errors: FieldErrors | undefined) =>
  errors ? Object.keys(errors).find((name) => name !== "" && errors[name]?.length) : undefined;
