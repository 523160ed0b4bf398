import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { runTable, validateTable, whereOf } from "./TableCommon";

/** 数据删除: deletes the rows matching the node's conditions (all of the run's rows when it has none). */
export const TableDataDelete: NodeDefinition = {
  kind: nodeKinds.TableDataDelete,
  replay: true,
  validate: validateTable,
  run(ctx) {
    const args: Record<string, unknown> = {};
    return runTable(ctx, `delete from t${whereOf(ctx, args)}`, args);
  },
};
