import type { NodeContext, NodeOutcome, WorkflowNode, WorkflowServices } from "../types";

/**
 * What the five table nodes share. The nodes hold no database handle: the caller of a run hands in
 * `services.table` (server/modules/table `tableWorkflowService`), which runs every statement through the table
 * SQL guard for the run's user and space. TableDataAdd/Update/Delete/Query write their statement from the node's
 * config with every value as a `{{placeholder}}`, so they pass the same guard as TableSQL.
 */
export interface TableNodeService {
  execute(
    tableId: number,
    sql: string,
    args: Record<string, unknown>,
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number; kind: string }>;
}

export type TableServices = WorkflowServices & { table?: TableNodeService };

export const tableIdOf = (node: WorkflowNode) =>
  Number(node.nodeConfig?.tableId ?? node.typeId ?? node.nodeConfig?.typeId ?? 0);

export const validateTable = (node: WorkflowNode) => (tableIdOf(node) > 0 ? [] : ["请选择数据表"]);

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A field name from the node's config, quoted; anything but a plain field name stops the node. */
export function column(name: unknown) {
  if (typeof name !== "string" || !NAME.test(name)) throw new Error(`字段名不合法：${String(name)}`);
  return `"${name}"`;
}

const OPERATORS: Record<string, string> = {
  EQUAL: "=",
  NOT_EQUAL: "<>",
  GREATER_THAN: ">",
  GREATER_THAN_OR_EQUAL: ">=",
  LESS_THAN: "<",
  LESS_THAN_OR_EQUAL: "<=",
};

/** The WHERE clause of conditionArgs ({firstArg: field, compareType, secondArg: value}), values as placeholders. */
export function whereOf(ctx: NodeContext, args: Record<string, unknown>) {
  const list = (ctx.config.conditionArgs ?? []) as {
    firstArg?: { name?: string };
    compareType?: string;
    secondArg?: unknown;
  }[];
  const joiner = ctx.config.conditionType === "OR" ? " or " : " and ";
  const parts = list.map((c, i) => {
    const col = column(c.firstArg?.name);
    if (c.compareType === "IS_NULL") return `${col} is null`;
    if (c.compareType === "NOT_NULL") return `${col} is not null`;
    const key = `__c${i}`;
    const resolved = c.secondArg ? Object.values(ctx.resolveArgs([c.secondArg as never]))[0] : null;
    if (c.compareType === "IN" || c.compareType === "NOT_IN") {
      const items = Array.isArray(resolved)
        ? resolved
        : String(resolved ?? "")
            .split(",")
            .map((s) => s.trim());
      args[key] = items;
      return `${col} ${c.compareType === "IN" ? "in" : "not in"} ({{${key}}})`;
    }
    const op = OPERATORS[c.compareType ?? ""];
    if (!op) throw new Error(`不支持的条件：${c.compareType}`);
    args[key] = resolved;
    return `${col} ${op} {{${key}}}`;
  });
  return parts.length ? ` where ${parts.join(joiner)}` : "";
}

/** Runs the statement and answers the nodes' outputs {outputList, id, rowNum, success}. */
export async function runTable(ctx: NodeContext, sql: string, args: Record<string, unknown>): Promise<NodeOutcome> {
  const service = (ctx.services as TableServices).table;
  if (!service) throw new Error("数据表运行环境不可用");
  const result = await service.execute(tableIdOf(ctx.node), sql, args);
  const first = result.rows[0];
  const id = result.kind === "insert" && first && "id" in first ? Number(first.id) : null;
  return { output: { outputList: result.rows, id, rowNum: result.rowCount, success: true } };
}

/** The node's `inputArgs` that name table fields, with their resolved values (Add, Update). */
export function fieldValues(ctx: NodeContext) {
  return Object.entries(ctx.inputs).filter(([name]) => NAME.test(name));
}
