import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { column, fieldValues, runTable, validateTable } from "./TableCommon";

/** 数据新增: one row from the node's inputs (named after the fields); outputs the new row's id. */
export const TableDataAdd: NodeDefinition = {
  kind: nodeKinds.TableDataAdd,
  replay: true,
  validate: validateTable,
  run(ctx) {
    const values = fieldValues(ctx);
    if (!values.length) throw new Error("请设置要新增的字段值");
    const args = Object.fromEntries(values.map(([, v], i) => [`__v${i}`, v ?? null] as const));
    const cols = values.map(([n]) => column(n)).join(", ");
    const placeholders = values.map((_, i) => `{{__v${i}}}`).join(", ");
    return runTable(ctx, `insert into t (${cols}) values (${placeholders}) returning *`, args);
  },
};
