import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import { runCode } from "#server/runtime/sandbox";
import type { NodeDefinition, WorkflowNode } from "../types";

const DEFAULT_TIMEOUT_S = 60;

function sourceOf(node: WorkflowNode) {
  const config = node.nodeConfig ?? {};
  const language: "Python" | "JavaScript" = config.codeLanguage === "Python" ? "Python" : "JavaScript";
  const code = (language === "Python" ? config.codePython : config.codeJavaScript) ?? config.code ?? "";
  return { language, code: String(code) };
}

/**
 * 代码: the node's JavaScript or Python runs in runtime/sandbox (never in the server process) with its inputs
 * as top-level keys of `args` plus `SYS_VARS`; the returned object's fields become the declared outputs.
 */
export const Code: NodeDefinition = {
  kind: nodeKinds.Code,
  replay: true,
  validate(node) {
    return sourceOf(node).code.trim() ? [] : ["请填写代码"];
  },
  async run(ctx) {
    const { language, code } = sourceOf(ctx.node);
    const { CHAT_CONTEXT: _context, ...sysVars } = ctx.systemVariables;
    const seconds = Number(ctx.config.exceptionHandleConfig?.timeout ?? DEFAULT_TIMEOUT_S);
    const request = { language, code, args: { ...ctx.inputs, SYS_VARS: sysVars }, timeoutMs: seconds * 1000 };
    // The sandbox has no cancel: a stopped run stops waiting for it (see run-node) and the child ends at its timeout.
    const result = ctx.services.runCode ? await ctx.services.runCode(request, ctx.signal) : await runCode(request);
    if (!result.success) throw new Error(result.error || "代码执行失败");
    const value = result.output;
    const outputs = (ctx.config.outputArgs ?? []) as Arg[];
    const object =
      value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    if (!outputs.length) return { output: object ?? { output: value } };
    return { output: Object.fromEntries(outputs.map((a) => [a.name, object?.[a.name] ?? null])) };
  },
};
