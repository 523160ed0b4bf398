import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/** A variable written by a run is kept with the conversation and in every resume state: capped, as JSON text. */
export const MAX_VARIABLE_CHARS = 1_000_000;

/**
 * 变量: SET_VARIABLE writes its resolved inputs into the workflow variables (or into the enclosing loop's
 * variable of that name), GET_VARIABLE reads the variables its output arguments name (loop variables first).
 */
export const Variable: NodeDefinition = {
  kind: nodeKinds.Variable,
  validate(node) {
    const config = node.nodeConfig ?? {};
    if (config.configType === "GET_VARIABLE") return config.outputArgs?.length ? [] : ["请选择要读取的变量"];
    return config.inputArgs?.length ? [] : ["请设置要写入的变量"];
  },
  async run(ctx) {
    if (ctx.config.configType === "GET_VARIABLE") {
      const output: Record<string, unknown> = {};
      for (const arg of (ctx.config.outputArgs ?? []) as Arg[]) {
        const name = typeof arg.bindValue === "string" && arg.bindValue ? arg.bindValue : arg.name;
        if (ctx.loopVariables && Object.hasOwn(ctx.loopVariables, name)) output[arg.name] = ctx.loopVariables[name];
        else output[arg.name] = ctx.variables[name] ?? ctx.systemVariables[name] ?? null;
      }
      return { output };
    }
    for (const [name, value] of Object.entries(ctx.inputs)) {
      if ((JSON.stringify(value) ?? "").length > MAX_VARIABLE_CHARS) {
        throw new Error(`变量 ${name} 过大（超过 ${MAX_VARIABLE_CHARS / 10_000} 万字符）`);
      }
      if (ctx.loopVariables && Object.hasOwn(ctx.loopVariables, name)) {
        ctx.loopVariables[name] = value;
        continue;
      }
      ctx.variables[name] = value;
      await ctx.services.setVariable?.(name, value);
    }
    return { output: { isSuccess: true } };
  },
};
