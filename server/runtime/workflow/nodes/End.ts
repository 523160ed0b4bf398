import { nodeKinds } from "#contract/workflow-nodes";
import { renderTemplate } from "../template";
import type { NodeDefinition } from "../types";

/**
 * The workflow's result: its output arguments (VARIABLE), or also the `content` template rendered with them
 * (TEXT), which becomes the answer of a direct-output workflow.
 */
export const End: NodeDefinition = {
  kind: nodeKinds.End,
  validate(node) {
    const config = node.nodeConfig ?? {};
    return config.returnType === "TEXT" && !String(config.content ?? "").trim() ? ["请填写输出内容"] : [];
  },
  run(ctx) {
    const output = ctx.resolveArgs(ctx.config.outputArgs);
    if (ctx.config.returnType !== "TEXT") return { output };
    return { output, text: renderTemplate(ctx.config.content, output) };
  },
};
