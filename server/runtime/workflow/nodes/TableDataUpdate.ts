import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { column, fieldValues, runTable, validateTable, whereOf } from "./TableCommon";

/** 数据更新: sets the node's inputs (named after the fields) on the rows matching its conditions. */
export const TableDataUpdate: NodeDefinition = {
  kind: nodeKinds.TableDataUpdate,
  replay: true,
  validate: validateTable,
  run(ctx) {
    const values = fieldValues(ctx);
    if (!values.length) throw new Error("请设置要更新的字段值");
    const args: Record<string, unknown> = {};
    const sets = values.map(([n, v], i) => {
      args[`__v${i}`] = v ?? null;
      return `${column(n)} = {{__v${i}}}`;
    });
    return runTable(ctx, `update t set ${sets.join(", ")}${whereOf(ctx, args)}`, args);
  },
};
