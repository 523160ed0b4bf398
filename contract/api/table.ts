import { id, shortText, z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { creatorInfoSchema } from "./views";

/**
 * /api/compose/db/table/* — data tables (reference original-frontend.md §1.15, original-backend.md §7.3).
 * Where the reference leaves a choice (issue 14's pinned details and our design):
 * - `nullableFlag`, `uniqueFlag`, `enabledFlag` are accepted as booleans or 1/-1 (0 reads as false) and answered
 *   as booleans; `defaultValue` is a string (null for none), checked against the field's type.
 * - Row values of Date fields, and the system `created`/`modified` columns, are `YYYY-MM-DD HH:mm:ss` strings
 *   (no time zone: what was written is what is read); Boolean fields are true/false; Number fields are numbers.
 * - `updateTableDefinition` takes the complete list of custom fields (existing ones by `id`): a field left out is
 *   dropped. While the table holds rows, dropping a field or changing an existing field's type, nullable or unique
 *   flag is refused (code 0001, the message suggests clearing the data first); adding fields and changing names'
 *   descriptions, defaults and enabled flags is always allowed. Entries with `systemFieldFlag: true` are ignored,
 *   so a client may send back the whole list it was given.
 * - Field names: a letter first, then letters, digits or underscores, at most 64 characters, unique regardless of
 *   case, and none of the system columns' names.
 * - `list` answers an array (as the reference says), filtered by `queryFilter` and paged by `current`/`pageSize`.
 * - `importExcel` answers a report. Every row is checked first; when any row is refused nothing is imported and
 *   the answer is code 0001 with the report as `data` (row numbers are the sheet's, the header being row 1). The
 *   first sheet's first row names the columns (field names, or the fields' descriptions); other columns are ignored.
 * - `exportExcel` answers the .xlsx file itself (not an envelope), header row = field names, system fields first.
 */

export const tableFieldTypes = [1, 2, 3, 4, 5, 6, 7] as const;
/** 1 String (≤255), 2 Integer, 3 Number (20,6), 4 Boolean, 5 Date, 6 PrimaryKey (the system `id` only), 7 long text. */
export type TableFieldType = (typeof tableFieldTypes)[number];
export const tableFieldTypeLabels: Record<TableFieldType, string> = {
  1: "字符串",
  2: "整数",
  3: "数字",
  4: "布尔",
  5: "日期",
  6: "主键",
  7: "长文本",
};
/** The types a builder may give a custom field (PrimaryKey belongs to the system `id`). */
export const customFieldTypes = [1, 2, 3, 4, 5, 7] as const;

/** The system columns every table has, in order. */
export const systemFieldNames = [
  "id",
  "uid",
  "user_name",
  "nick_name",
  "agent_id",
  "agent_name",
  "created",
  "modified",
] as const;
export type SystemFieldName = (typeof systemFieldNames)[number];

export const FIELD_NAME_RULE = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
export const FIELD_NAME_MESSAGE = "字段名只能包含字母、数字、下划线，且必须以字母开头，最多 64 个字符";
/** String fields hold at most this many characters; long text (7) at most LONG_TEXT_MAX. */
export const STRING_MAX = 255;
export const LONG_TEXT_MAX = 4_194_304;
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const DATE_FORMAT_RULE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** A switch accepted as a boolean or 1/-1 (0 too), read as a boolean. */
export const tableFlag = z
  .union([z.boolean(), z.literal(1), z.literal(-1), z.literal(0)], { error: "必须是 true/false 或 1/-1" })
  .transform((v) => v === true || v === 1);

export const fieldNameSchema = z.string().trim().regex(FIELD_NAME_RULE, FIELD_NAME_MESSAGE);

/** One custom field of updateTableDefinition (UpdateTableFieldInfo); new fields come without `id`. */
export const updateTableFieldSchema = z.object({
  id: id().nullish(),
  fieldName: fieldNameSchema,
  fieldDescription: shortText(200).nullish(),
  systemFieldFlag: tableFlag.optional(),
  fieldType: z.union(
    customFieldTypes.map((t) => z.literal(t)),
    { error: "字段类型必须是 1 字符串、2 整数、3 数字、4 布尔、5 日期或 7 长文本" },
  ),
  nullableFlag: tableFlag.default(true),
  uniqueFlag: tableFlag.default(false),
  enabledFlag: tableFlag.default(true),
  defaultValue: z.string().max(STRING_MAX, `最多 ${STRING_MAX} 个字符`).nullish(),
  sortIndex: z.number().int().nullish(),
});
export type UpdateTableField = z.infer<typeof updateTableFieldSchema>;

const tableName = z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符");

export const addTableInput = z.object({
  tableName,
  tableDescription: shortText(500).default(""),
  spaceId: id(),
  icon: shortText(500).nullish(),
});

export const tableListInput = z.object({
  queryFilter: z.object({
    spaceId: id(),
    tableName: shortText(64).nullish(),
    tableDescription: shortText(500).nullish(),
  }),
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});

export const updateTableNameInput = z.object({
  id: id(),
  tableName,
  tableDescription: shortText(500).nullish(),
  icon: shortText(500).nullish(),
});

export const updateTableDefinitionInput = z.object({
  id: id(),
  fieldList: z.array(updateTableFieldSchema).max(200, "最多 200 个字段"),
});

export const tableIdQuery = z.object({ tableId: id() });
export const detailQuery = z.object({ id: id() });
export const tableDataQuery = z.object({
  tableId: id(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
});

/** A row's values by field name: strings, numbers, booleans or null (dates as `YYYY-MM-DD HH:mm:ss`). */
export const rowDataSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(LONG_TEXT_MAX), z.number(), z.boolean(), z.null()]),
);
export const addRowInput = z.object({ tableId: id(), rowData: rowDataSchema });
export const updateRowInput = z.object({ tableId: id(), rowId: id(), rowData: rowDataSchema });
export const deleteRowInput = z.object({ tableId: id(), rowId: id() });

export type AddTableInput = z.infer<typeof addTableInput>;
export type TableListInput = z.infer<typeof tableListInput>;
export type UpdateTableNameInput = z.infer<typeof updateTableNameInput>;
export type UpdateTableDefinitionInput = z.infer<typeof updateTableDefinitionInput>;
export type RowData = z.infer<typeof rowDataSchema>;

const date = z.iso.datetime({ offset: true });

export const tableFieldInfoSchema = z.object({
  /** Custom fields' ids are positive; system fields have ids too (stable, negative) so lists can key on them. */
  id: z.number().int(),
  fieldName: z.string(),
  fieldDescription: z.string(),
  systemFieldFlag: z.boolean(),
  fieldType: z.union(tableFieldTypes.map((t) => z.literal(t))),
  nullableFlag: z.boolean(),
  defaultValue: z.string().nullable(),
  uniqueFlag: z.boolean(),
  enabledFlag: z.boolean(),
  sortIndex: z.number().int(),
});
export type TableFieldInfo = z.infer<typeof tableFieldInfoSchema>;

export const tablePermissions = ["Copy", "Delete", "Edit"] as const;

/** CustomTableDefinitionInfo: a table as lists show it. */
export const tableDefinitionInfoSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  spaceId: z.number().int(),
  icon: z.string().nullable(),
  tableName: z.string(),
  tableDescription: z.string(),
  /** The PostgreSQL schema holding the physical table (the reference's Doris database). */
  dorisDatabase: z.string(),
  dorisTable: z.string(),
  status: z.union([z.literal(1), z.literal(-1)]),
  creatorId: z.number().int(),
  creatorName: z.string().nullable(),
  creator: creatorInfoSchema,
  created: date,
  modified: date,
  permissions: z.array(z.enum(tablePermissions)),
});
export type TableDefinitionInfo = z.infer<typeof tableDefinitionInfoSchema>;

/** TableDefineDetails: the structure page (system fields first, flagged). */
export const tableDefineDetailsSchema = tableDefinitionInfoSchema.extend({
  fieldList: z.array(tableFieldInfoSchema),
  createTableDdl: z.string(),
  existTableDataFlag: z.boolean(),
});
export type TableDefineDetails = z.infer<typeof tableDefineDetailsSchema>;

export const tableRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TableRow = z.infer<typeof tableRowSchema>;

export const tableDataPageSchema = z.object({
  records: z.array(tableRowSchema),
  total: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  current: z.number().int().positive(),
  pages: z.number().int().nonnegative(),
  columnDefines: z.array(tableFieldInfoSchema),
});
export type TableDataPage = z.infer<typeof tableDataPageSchema>;

/** One refused cell or row of an import; `row` is the sheet's row number (header = 1), `field` null for the row. */
export const importErrorSchema = z.object({ row: z.number().int(), field: z.string().nullable(), reason: z.string() });
export const importReportSchema = z.object({
  totalRows: z.number().int().nonnegative(),
  importedRows: z.number().int().nonnegative(),
  /** At most 1000 entries; `errorCount` says how many there were. */
  errors: z.array(importErrorSchema),
  errorCount: z.number().int().nonnegative(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const base = "/api/compose/db/table";
export const table = {
  add: endpoint({ method: "POST", path: `${base}/add`, body: addTableInput, response: z.number().int() }),
  list: endpoint({
    method: "POST",
    path: `${base}/list`,
    body: tableListInput,
    response: z.array(tableDefinitionInfoSchema),
  }),
  detail: endpoint({
    method: "GET",
    path: `${base}/detailById`,
    query: detailQuery,
    response: tableDefineDetailsSchema,
  }),
  updateName: endpoint({
    method: "POST",
    path: `${base}/updateTableName`,
    body: updateTableNameInput,
    response: z.number().int(),
  }),
  updateDefinition: endpoint({
    method: "POST",
    path: `${base}/updateTableDefinition`,
    body: updateTableDefinitionInput,
    response: z.number().int(),
  }),
  delete: endpoint({ method: "POST", path: `${base}/delete/:id`, response: nothing }),
  copy: endpoint({
    method: "POST",
    path: `${base}/copyTableDefinition`,
    query: tableIdQuery,
    response: z.number().int(),
  }),
  existData: endpoint({ method: "GET", path: `${base}/existTableData`, query: tableIdQuery, response: z.boolean() }),
  data: endpoint({
    method: "GET",
    path: `${base}/getTableDataById`,
    query: tableDataQuery,
    response: tableDataPageSchema,
  }),
  addRow: endpoint({ method: "POST", path: `${base}/addBusinessData`, body: addRowInput, response: nothing }),
  updateRow: endpoint({ method: "POST", path: `${base}/updateBusinessData`, body: updateRowInput, response: nothing }),
  deleteRow: endpoint({ method: "POST", path: `${base}/deleteBusinessData`, body: deleteRowInput, response: nothing }),
  clear: endpoint({ method: "GET", path: `${base}/clearBusinessData/:tableId`, response: nothing }),
  /** multipart/form-data with `file` (.xlsx, < 100 MB). */
  importExcel: endpoint({ method: "POST", path: `${base}/importExcel/:tableId`, response: importReportSchema }),
  /** The .xlsx file (Content-Disposition attachment), not an envelope. */
  exportExcel: endpoint({ method: "GET", path: `${base}/exportExcel/:tableId`, file: true }),
};
