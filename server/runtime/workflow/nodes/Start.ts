import type { Arg } from "#contract/args";
import { workflowSystemVariables } from "#contract/system-variables";
import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { convertLiteral } from "../values";

const empty = (v: unknown) => v === undefined || v === null || v === "";
/** Every system variable a node may reference, empty until the run gives it (a test run has no conversation). */
const unset = Object.fromEntries(workflowSystemVariables.map((v) => [v.name, null]));

/**
 * The run's parameters, converted to their declared types, beside the system and workflow variables
 * (reference original-backend.md §6.2). A parameter named AGENT_USER_MSG receives the user's message.
 */
export const Start: NodeDefinition = {
  kind: nodeKinds.Start,
  parameters: true,
  validate(node) {
    const names = ((node.nodeConfig?.inputArgs ?? []) as Arg[]).map((a) => a.name);
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    return twice.length ? [`参数名 ${[...new Set(twice)].join("、")} 重复`] : [];
  },
  run(ctx) {
    const output: Record<string, unknown> = { ...unset, ...ctx.systemVariables, ...ctx.variables };
    for (const arg of (ctx.config.inputArgs ?? []) as Arg[]) {
      if (arg.enable === false) continue;
      let value = ctx.params[arg.name];
      if (empty(value) && arg.name === "AGENT_USER_MSG") value = ctx.systemVariables.AGENT_USER_MSG;
      if (empty(value)) value = arg.bindValue;
      if (empty(value) && arg.require) throw new Error(`参数 ${arg.name} 不能为空`);
      output[arg.name] = convertLiteral(value, arg.dataType, arg.name);
    }
    return { output };
  },
};
