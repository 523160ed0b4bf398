import { nodeKinds } from "#contract/workflow-nodes";
import { renderTemplate } from "../template";
import type { NodeDefinition } from "../types";

/**
 * 过程输出: renders `content` with its output arguments and streams the text out at once, before any node
 * after it starts (chat shows it as PROCESS_OUTPUT). Replayed on resume, so the text is not sent twice.
 */
export const Output: NodeDefinition = {
  kind: nodeKinds.Output,
  replay: true,
  validate(node) {
    return String(node.nodeConfig?.content ?? "").trim() ? [] : ["请填写输出内容"];
  },
  run(ctx) {
    const text = renderTemplate(ctx.config.content, ctx.resolveArgs(ctx.config.outputArgs));
    ctx.emitText(text);
    return { output: { output: text } };
  },
};
