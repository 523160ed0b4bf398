import type { Deps } from "../../core";
import { fail, notFound } from "../../core";
import { type Binding, SqlRefusal } from "../../runtime/table/sql-guard";
import { runGuarded } from "../../runtime/table/sql-run";
import { guardSql } from "../../runtime/table/sql-statement";
import { systemFieldNames } from "./contract";
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
  let guarded: ReturnType<typeof guardSql>;
  try {
    guarded = guardSql({
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
