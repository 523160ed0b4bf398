import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { affectedOf, type Exec, physicalName, qualified, quoteIdent, rowsOf, TABLE_SCHEMA } from "./ddl";
import type { Guarded } from "./sql-guard";

/**
 * Runs a guarded statement: in a transaction with a statement timeout, as a role that may only touch the tables
 * of the data-table schema (PostgreSQL and PGlite both allow it; where creating the role is not permitted the
 * parser's rules carry alone). PGlite does not enforce statement_timeout: there the parser refuses pg_sleep and
 * the like, and limits table references.
 */

export const TABLE_ROLE = "agent_table_rw";
export const STATEMENT_TIMEOUT_MS = 5000;

const roleReady = new WeakMap<object, Promise<boolean>>();
const granted = new WeakMap<object, Set<number>>();

async function ensureRole(db: Db): Promise<boolean> {
  try {
    await db.execute(sql.raw(`create role ${quoteIdent(TABLE_ROLE)} nologin`));
  } catch {
    // Exists already (created by another database of the same cluster, or an earlier start).
  }
  try {
    await db.execute(sql.raw(`grant ${quoteIdent(TABLE_ROLE)} to current_user`)).catch(() => {});
    await db.execute(sql.raw(`create schema if not exists ${quoteIdent(TABLE_SCHEMA)}`));
    await db.execute(sql.raw(`grant usage on schema ${quoteIdent(TABLE_SCHEMA)} to ${quoteIdent(TABLE_ROLE)}`));
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${quoteIdent(TABLE_ROLE)}`));
    });
    return true;
  } catch {
    return false;
  }
}

async function grantTable(db: Exec, key: object, tableId: number) {
  const done = granted.get(key) ?? new Set<number>();
  granted.set(key, done);
  if (done.has(tableId)) return;
  const role = quoteIdent(TABLE_ROLE);
  await db.execute(sql.raw(`grant select, insert, update, delete on ${qualified(tableId)} to ${role}`));
  const seq = quoteIdent(`${physicalName(tableId)}_id_seq`);
  await db.execute(sql.raw(`grant usage on sequence ${quoteIdent(TABLE_SCHEMA)}.${seq} to ${role}`));
  done.add(tableId);
}

/** PostgreSQL's int8 type: node-pg hands it over as text, PGlite as a bigint. */
const INT8 = 20;

/** The result's int8 columns (e.g. `count(*)`), whose text values become numbers as PGlite's do. */
function int8Columns(result: unknown) {
  const fields = (result as { fields?: { name: string; dataTypeID: number }[] }).fields ?? [];
  return new Set(fields.filter((f) => f.dataTypeID === INT8).map((f) => f.name));
}

/**
 * A row of a user query as JSON-friendly values, the same on both databases: timestamps as
 * `YYYY-MM-DD HH:mm:ss`, int8 and bigints as numbers where they fit.
 */
function plain(row: Record<string, unknown>, int8: Set<string>) {
  const out: Record<string, unknown> = {};
  const pad = (n: number) => String(n).padStart(2, "0");
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === "string" && int8.has(k) && Number.isSafeInteger(Number(v))) {
      out[k] = Number(v);
    } else if (v instanceof Date) {
      // Both drivers read a timestamp without zone as local time: the local fields give back what was stored.
      out[k] =
        `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())} ${pad(v.getHours())}:${pad(v.getMinutes())}:${pad(v.getSeconds())}`;
    } else if (typeof v === "bigint") out[k] = Number(v);
    else out[k] = v;
  }
  return out;
}

export async function runGuarded(db: Db, tableId: number, guarded: Guarded) {
  let ready = roleReady.get(db);
  if (!ready) {
    ready = ensureRole(db);
    roleReady.set(db, ready);
  }
  const useRole = await ready;
  if (useRole) await grantTable(db, db, tableId);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
    if (useRole) await tx.execute(sql.raw(`set local role ${quoteIdent(TABLE_ROLE)}`));
    return tx.execute(guarded.query);
  });
  const int8 = int8Columns(result);
  const rows = rowsOf(result).map((row) => plain(row, int8));
  return { rows, rowCount: guarded.kind === "select" ? rows.length : affectedOf(result) };
}
