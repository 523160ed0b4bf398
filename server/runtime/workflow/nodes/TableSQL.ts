import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { runTable, validateTable } from "./TableCommon";

/** SQL自定义: the node's `sql` (display name for the table, `{{arg}}` for its inputs) run through the table guard. */
export const TableSQL: NodeDefinition = {
  kind: nodeKinds.TableSQL,
  replay: true,
  validate(node) {
    const errors = validateTable(node);
    if (!String(node.nodeConfig?.sql ?? "").trim()) errors.push("请填写 SQL");
    return errors;
  },
  run(ctx) {
    return runTable(ctx, String(ctx.config.sql ?? ""), ctx.inputs);
  },
};
