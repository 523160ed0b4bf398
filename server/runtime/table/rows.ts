import { type SQL, sql } from "drizzle-orm";
import type { TableRow } from "#contract/api/table";
import { affectedOf, type Exec, type FieldSpec, ident, NOW_SQL, qualified, rowsOf } from "./ddl";
import type { CellValue } from "./values";

/** Who wrote a row: the system columns filled on every insert. */
export interface RowAuthor {
  uid: string | null;
  userName: string | null;
  nickName: string | null;
  agentId: number | null;
  agentName: string | null;
}

const table = (tableId: number) => sql.raw(qualified(tableId));
const dateOut = (col: string) => sql`to_char(${ident(col)}, 'YYYY-MM-DD HH24:MI:SS') as ${ident(col)}`;

/** The select list of a row: dates as `YYYY-MM-DD HH:mm:ss` text, everything else as stored. */
export function selectList(fields: FieldSpec[]): SQL {
  const system = ["id", "uid", "user_name", "nick_name", "agent_id", "agent_name"].map((c) => ident(c));
  const custom = fields.map((f) => (f.fieldType === 5 ? dateOut(f.name) : ident(f.name)));
  return sql.join([...system, dateOut("created"), dateOut("modified"), ...custom], sql`, `);
}

/** A row as the API answers it: ids and Number fields as numbers (drivers hand bigint and numeric over as text). */
export function rowView(row: Record<string, unknown>, fields: FieldSpec[]): TableRow {
  const out: TableRow = {};
  const numeric = new Set([
    "id",
    "agent_id",
    ...fields.filter((f) => f.fieldType === 3 || f.fieldType === 2).map((f) => f.name),
  ]);
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) out[key] = null;
    else if (numeric.has(key)) out[key] = Number(value);
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[key] = value;
    else out[key] = String(value);
  }
  return out;
}

export async function countRows(db: Exec, tableId: number) {
  const result = await db.execute(sql`select count(*)::int as "n" from ${table(tableId)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** One page of rows, newest first. */
export async function pageRows(db: Exec, tableId: number, fields: FieldSpec[], limit: number, offset: number) {
  const result = await db.execute(
    sql`select ${selectList(fields)} from ${table(tableId)} order by "id" desc limit ${limit} offset ${offset}`,
  );
  return rowsOf(result).map((r) => rowView(r, fields));
}

/** Every row in id order, a batch at a time (the export). */
export async function* allRows(db: Exec, tableId: number, fields: FieldSpec[], batch = 5000) {
  let after = 0;
  for (;;) {
    const result = await db.execute(
      sql`select ${selectList(fields)} from ${table(tableId)} where "id" > ${after} order by "id" limit ${batch}`,
    );
    const rows = rowsOf(result).map((r) => rowView(r, fields));
    if (!rows.length) return;
    yield rows;
    after = Number(rows.at(-1)?.id);
  }
}

const authorColumns = ["uid", "user_name", "nick_name", "agent_id", "agent_name"];
const authorValues = (a: RowAuthor): CellValue[] => [a.uid, a.userName, a.nickName, a.agentId, a.agentName];

/**
 * Bound parameters per statement. PostgreSQL allows 65 535, but PGlite (0.4) takes the count as a signed 16-bit
 * number: above 32 767 its protocol stream goes out of step and every later query of the process fails.
 */
export const MAX_PARAMETERS = 30_000;

/** Inserts rows of the named columns; returns the new ids. Batches stay below MAX_PARAMETERS. */
export async function insertRows(
  db: Exec,
  tableId: number,
  columns: string[],
  rows: CellValue[][],
  author: RowAuthor,
): Promise<number[]> {
  const all = [...authorColumns, ...columns];
  const perBatch = Math.max(1, Math.floor(MAX_PARAMETERS / all.length));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += perBatch) {
    const tuples = rows.slice(i, i + perBatch).map(
      (r) =>
        sql`(${sql.join(
          [...authorValues(author), ...r].map((v) => sql`${v}`),
          sql`, `,
        )})`,
    );
    const result = await db.execute(
      sql`insert into ${table(tableId)} (${sql.join(all.map(ident), sql`, `)}) values ${sql.join(tuples, sql`, `)} returning "id"`,
    );
    for (const r of rowsOf<{ id: unknown }>(result)) ids.push(Number(r.id));
  }
  return ids;
}

/** Sets the given values of one row (and its `modified`); false when no such row. */
export async function updateRow(db: Exec, tableId: number, rowId: number, values: Map<string, CellValue>) {
  const sets = [...values].map(([name, v]) => sql`${ident(name)} = ${v}`);
  sets.push(sql`"modified" = ${sql.raw(NOW_SQL)}`);
  const result = await db.execute(sql`update ${table(tableId)} set ${sql.join(sets, sql`, `)} where "id" = ${rowId}`);
  return affectedOf(result) > 0;
}

export async function deleteRow(db: Exec, tableId: number, rowId: number) {
  const result = await db.execute(sql`delete from ${table(tableId)} where "id" = ${rowId}`);
  return affectedOf(result) > 0;
}

export async function clearRows(db: Exec, tableId: number) {
  await db.execute(sql`truncate table ${table(tableId)}`);
}
