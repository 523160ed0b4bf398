import { type SQL, sql } from "drizzle-orm";
import { FIELD_NAME_RULE, type TableFieldType } from "#contract/api/table";
import type { Db } from "#server/db/client";

/**
 * The physical side of data tables: one PostgreSQL table per definition, `agent_custom_table.custom_table_<id>`,
 * in a schema of its own (never the application's), with the system columns first. Identifiers reaching SQL are
 * validated names or numeric ids, and every one is quoted; defaults are checked against the field's type before
 * they become a literal (DDL takes no bound parameters).
 */

export const TABLE_SCHEMA = "agent_custom_table";
export const physicalName = (tableId: number) => `custom_table_${tableId}`;
/** `"agent_custom_table"."custom_table_<id>"`. */
export const qualified = (tableId: number) => `${quoteIdent(TABLE_SCHEMA)}.${quoteIdent(physicalName(tableId))}`;

/** Anything that runs statements: the database or an open transaction. */
export type Exec = Pick<Db, "execute">;

export function quoteIdent(name: string) {
  if (!name || name.includes("\0")) throw new Error(`bad identifier ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/** A string literal for DDL (standard_conforming_strings is on in every supported PostgreSQL). */
function quoteLiteral(value: string) {
  if (value.includes("\0")) throw new Error("NUL in literal");
  return `'${value.replaceAll("'", "''")}'`;
}

/** The wall-clock time written into system and Date columns: UTC, so it does not depend on the server's zone. */
export const NOW_SQL = "(now() at time zone 'utc')";

export const columnTypes: Record<Exclude<TableFieldType, 6>, string> = {
  1: "varchar(255)",
  2: "integer",
  3: "numeric(20,6)",
  4: "boolean",
  5: "timestamp(0)",
  7: "text",
};

const SYSTEM_COLUMNS_DDL = [
  `"id" bigserial primary key`,
  `"uid" varchar(64)`,
  `"user_name" varchar(255)`,
  `"nick_name" varchar(255)`,
  `"agent_id" bigint`,
  `"agent_name" varchar(255)`,
  `"created" timestamp(0) not null default ${NOW_SQL}`,
  `"modified" timestamp(0) not null default ${NOW_SQL}`,
];

/** A custom field as the DDL needs it. */
export interface FieldSpec {
  id: number;
  name: string;
  fieldType: Exclude<TableFieldType, 6>;
  nullable: boolean;
  unique: boolean;
  defaultValue: string | null;
}

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/**
 * The default as a SQL literal of the field's type, or the reason it does not fit (Chinese). Empty means none.
 * Date defaults may be `CURRENT_TIMESTAMP` (the time of the insert).
 */
export function defaultLiteral(
  field: Pick<FieldSpec, "fieldType" | "defaultValue">,
): string | null | { error: string } {
  const v = field.defaultValue?.trim();
  if (v === undefined || v === "") return null;
  switch (field.fieldType) {
    case 1:
      return v.length > 255 ? { error: "默认值最多 255 个字符" } : quoteLiteral(field.defaultValue ?? "");
    case 7:
      return { error: "长文本字段不能设置默认值" };
    case 2: {
      const n = /^-?\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
      return Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? String(n) : { error: "默认值必须是整数" };
    }
    case 3:
      return /^-?\d{1,14}(\.\d{1,6})?$/.test(v) ? v : { error: "默认值必须是数字（最多 14 位整数、6 位小数）" };
    case 4:
      if (["true", "1"].includes(v.toLowerCase())) return "true";
      if (["false", "0"].includes(v.toLowerCase())) return "false";
      return { error: "默认值必须是 true 或 false" };
    case 5: {
      if (v.toUpperCase() === "CURRENT_TIMESTAMP") return NOW_SQL;
      const date = parseDateText(v);
      return date ? quoteLiteral(date) : { error: "默认值必须是日期（YYYY-MM-DD HH:mm:ss）" };
    }
  }
}

/** `YYYY-MM-DD[ HH:mm:ss]` (a `T` separator and a trailing `Z`/milliseconds are accepted) as `YYYY-MM-DD HH:mm:ss`. */
export function parseDateText(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?)?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00"] = m;
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  const back = date.toISOString();
  if (back.slice(0, 10) !== `${y}-${mo}-${d}` || +h > 23 || +mi > 59 || +s > 59) return null;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

function columnDdl(field: FieldSpec) {
  if (!FIELD_NAME_RULE.test(field.name)) throw new Error(`bad field name ${field.name}`);
  const literal = defaultLiteral(field);
  if (literal && typeof literal === "object") throw new Error(literal.error);
  const parts = [quoteIdent(field.name), columnTypes[field.fieldType]];
  if (!field.nullable) parts.push("not null");
  if (literal) parts.push(`default ${literal}`);
  return parts.join(" ");
}

const uniqueName = (tableId: number, fieldId: number) => quoteIdent(`ct${tableId}_f${fieldId}_uq`);

/** The CREATE TABLE statement of a definition (also shown on the structure page as `createTableDdl`). */
export function createTableDdl(tableId: number, fields: FieldSpec[]) {
  const lines = [...SYSTEM_COLUMNS_DDL, ...fields.map(columnDdl)];
  for (const f of fields)
    if (f.unique) lines.push(`constraint ${uniqueName(tableId, f.id)} unique (${quoteIdent(f.name)})`);
  return `create table ${qualified(tableId)} (\n  ${lines.join(",\n  ")}\n)`;
}

export async function ensureSchema(db: Exec) {
  await db.execute(sql.raw(`create schema if not exists ${quoteIdent(TABLE_SCHEMA)}`));
}

export async function createPhysicalTable(db: Exec, tableId: number, fields: FieldSpec[]) {
  await ensureSchema(db);
  await db.execute(sql.raw(createTableDdl(tableId, fields)));
}

export async function hasRows(db: Exec, tableId: number): Promise<boolean> {
  const result = await db.execute(sql.raw(`select exists (select 1 from ${qualified(tableId)}) as "has"`));
  return Boolean(rowsOf<{ has: boolean }>(result)[0]?.has);
}

/** The rows of a db.execute result, whichever driver answered (node-postgres and PGlite both carry `rows`). */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** How many rows a statement changed (node-postgres `rowCount`, PGlite `affectedRows`). */
export function affectedOf(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * The statements that take the physical table from `before` to `after` (fields matched by id), in order. A
 * field whose type changes is dropped and added again: the caller allows that only on an empty table.
 */
export function alterStatements(tableId: number, before: FieldSpec[], after: FieldSpec[]): string[] {
  const t = qualified(tableId);
  const next = new Map(after.map((f) => [f.id, f]));
  const prev = new Map(before.map((f) => [f.id, f]));
  // Phase 1 frees every old name (dropped, retyped or renamed columns) so phase 2 may reuse any of them.
  const first: string[] = [];
  const out: string[] = [];
  for (const old of before) {
    const f = next.get(old.id);
    if (!f || f.fieldType !== old.fieldType) first.push(`alter table ${t} drop column ${quoteIdent(old.name)}`);
    else if (f.name !== old.name)
      first.push(`alter table ${t} rename column ${quoteIdent(old.name)} to ${quoteIdent(`_r${f.id}`)}`);
  }
  for (const f of after) {
    const old = prev.get(f.id);
    if (!old || old.fieldType !== f.fieldType) {
      out.push(`alter table ${t} add column ${columnDdl(f)}`);
      if (f.unique)
        out.push(`alter table ${t} add constraint ${uniqueName(tableId, f.id)} unique (${quoteIdent(f.name)})`);
      continue;
    }
    const col = quoteIdent(f.name);
    if (old.name !== f.name) out.push(`alter table ${t} rename column ${quoteIdent(`_r${f.id}`)} to ${col}`);
    if (old.nullable !== f.nullable)
      out.push(`alter table ${t} alter column ${col} ${f.nullable ? "drop" : "set"} not null`);
    if ((old.defaultValue ?? "") !== (f.defaultValue ?? "")) {
      const literal = defaultLiteral(f);
      if (literal && typeof literal === "object") throw new Error(literal.error);
      out.push(`alter table ${t} alter column ${col} ${literal ? `set default ${literal}` : "drop default"}`);
    }
    if (old.unique !== f.unique) {
      out.push(
        f.unique
          ? `alter table ${t} add constraint ${uniqueName(tableId, f.id)} unique (${col})`
          : `alter table ${t} drop constraint if exists ${uniqueName(tableId, f.id)}`,
      );
    }
  }
  return [...first, ...out];
}

export async function runAll(db: Exec, statements: string[]) {
  for (const s of statements) await db.execute(sql.raw(s));
}

/** A drizzle SQL chunk for a quoted identifier (validated names only). */
export const ident = (name: string): SQL => sql.raw(quoteIdent(name));
