import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition, WorkflowNode } from "../types";

/** How deep Workflow nodes may nest: the top workflow and four levels of sub-workflows below it. */
export const MAX_WORKFLOW_DEPTH = 5;

export const targetOf = (node: WorkflowNode) =>
  Number(node.nodeConfig?.workflowId ?? node.nodeConfig?.typeId ?? node.typeId ?? 0);

/**
 * 工作流 (sub-workflow): runs another workflow's graph (which one — publication or draft — is the caller's
 * `services.loadWorkflow`) with the node's resolved inputs as its Start parameters; the node's outputs are
 * that run's End outputs. A workflow never runs inside itself, directly or through a chain, and nesting stops
 * at MAX_WORKFLOW_DEPTH: validation names the direct case, the run refuses the rest before starting.
 */
export const Workflow: NodeDefinition = {
  kind: nodeKinds.Workflow,
  replay: true,
  validate(node, context) {
    const target = targetOf(node);
    if (!(target > 0)) return ["请选择工作流"];
    return target === context.workflowId ? ["工作流不能引用自身"] : [];
  },
  async run(ctx) {
    const target = targetOf(ctx.node);
    if (!(target > 0)) throw new Error("请选择工作流");
    if (ctx.callChain.includes(target)) throw new Error("子工作流形成循环引用（工作流不能直接或间接引用自身）");
    if (ctx.callChain.length >= MAX_WORKFLOW_DEPTH) {
      throw new Error(`子工作流嵌套超过 ${MAX_WORKFLOW_DEPTH} 层`);
    }
    if (!ctx.services.loadWorkflow) throw new Error("子工作流运行环境不可用");
    const graph = await ctx.services.loadWorkflow(target);
    const { output, text } = await ctx.runSubWorkflow(target, graph, ctx.inputs, ctx.signal);
    return { output: text !== undefined ? { ...output, outputContent: text } : output };
  },
};
