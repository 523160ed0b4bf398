import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { runTable, validateTable, whereOf } from "./TableCommon";

/** 数据查询: the rows matching the node's conditions, newest first, at most `limit` (≤ 1000). */
export const TableDataQuery: NodeDefinition = {
  kind: nodeKinds.TableDataQuery,
  replay: true,
  validate: validateTable,
  run(ctx) {
    const args: Record<string, unknown> = {};
    const limit = Math.min(Math.max(Math.trunc(Number(ctx.config.limit) || 100), 1), 1000);
    return runTable(ctx, `select * from t${whereOf(ctx, args)} order by "id" desc limit ${limit}`, args);
  },
};
