import type { Deps } from "../../core";
import { fail, notFound } from "../../core";
import * as rows from "../../runtime/table/rows";
import { type Binding, SqlRefusal } from "../../runtime/table/sql-guard";
import { runGuarded } from "../../runtime/table/sql-run";
import { guardSql } from "../../runtime/table/sql-statement";
import { coerceRow } from "../../runtime/table/values";
import { systemFieldNames } from "./contract";
import { rowRefusal } from "./data-service";
import { fieldSpec } from "./dto";
import * as repo from "./repo";

/** Who runs table SQL or inserts from an agent or a workflow: written into the system columns of new rows. */
export interface TableCaller {
  tenantId: number;
  spaceId: number;
  userId: number;
  userName: string;
  nickName: string | null;
  agentId?: number | null;
  agentName?: string | null;
}

export async function boundTable(deps: Deps, caller: Pick<TableCaller, "tenantId" | "spaceId">, tableId: number) {
  const table = await repo.findSpaceTable(deps.db, caller.tenantId, caller.spaceId, tableId);
  if (!table) throw notFound("数据表不存在");
  return { table, fields: await repo.listFields(deps.db, tableId) };
}

export const authorColumns = (c: TableCaller) => ({
  uid: String(c.userId),
  user_name: c.userName,
  nick_name: c.nickName,
  agent_id: c.agentId ?? null,
  agent_name: c.agentName ?? null,
});

/**
 * Runs one statement written against the table's display name (TableSQL node, agent SQL tool): `{{name}}` from
 * `args` as bound parameters, the binding's equality conditions on every read and write. Refusals and database
 * errors come back as a business failure whose message says why.
 */
export async function executeTableSql(
  deps: Deps,
  caller: TableCaller,
  input: { tableId: number; sql: string; args?: Record<string, unknown>; binding?: Binding },
) {
  const { fields } = await boundTable(deps, caller, input.tableId);
  let guarded: Awaited<ReturnType<typeof guardSql>>;
  try {
    guarded = await guardSql({
      sql: input.sql,
      tableId: input.tableId,
      columns: [...systemFieldNames, ...fields.map((f) => f.name)],
      args: input.args,
      binding: input.binding,
      author: authorColumns(caller),
    });
  } catch (err) {
    if (err instanceof SqlRefusal) throw fail(`SQL 不允许执行：${err.message}`);
    throw err;
  }
  try {
    return { ...(await runGuarded(deps.db, input.tableId, guarded)), kind: guarded.kind };
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    deps.log.info({ err, sql: guarded.text }, "table SQL failed");
    throw fail(`SQL 执行失败：${String(cause).split("\n")[0]}`);
  }
}

/**
 * Inserts one row for the agent's insert tool: the values are checked against the fields' types (the reasons go
 * back to the model), the system columns hold the caller, and the binding's conditions (uid = the current user…)
 * are written too, so the new row is one the same binding lets its writer read.
 */
export async function insertTableRow(
  deps: Deps,
  caller: TableCaller,
  input: { tableId: number; data: Record<string, unknown>; binding?: Binding },
) {
  const { fields } = await boundTable(deps, caller, input.tableId);
  const { values, errors } = coerceRow(fields.map(fieldSpec), input.data, false);
  if (errors.length) throw fail(`数据有误：${errors.map((e) => `${e.field} ${e.reason}`).join("；")}`);
  const author: Record<string, string | number | boolean | null> = authorColumns(caller);
  for (const b of input.binding ?? []) if (Object.hasOwn(author, b.column)) author[b.column] = b.value;
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  try {
    const [id] = await rows.insertRows(deps.db, input.tableId, [...values.keys()], [[...values.values()]], {
      uid: text(author.uid),
      userName: text(author.user_name),
      nickName: text(author.nick_name),
      agentId: author.agent_id === null ? null : Number(author.agent_id),
      agentName: text(author.agent_name),
    });
    return { id: id ?? null };
  } catch (err) {
    throw rowRefusal(err);
  }
}
