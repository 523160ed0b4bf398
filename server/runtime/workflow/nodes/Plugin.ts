import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition, WorkflowNode } from "../types";

const pluginIdOf = (node: WorkflowNode) =>
  Number(node.nodeConfig?.pluginId ?? node.nodeConfig?.typeId ?? node.typeId ?? 0);

/**
 * 插件: runs the published plugin (runtime/plugin: HTTP through egress, code in the sandbox) with the node's
 * resolved inputs; the plugin's output map is the node's output. Which plugin version runs is the caller's
 * choice, handed in as `services.runPlugin`.
 */
export const Plugin: NodeDefinition = {
  kind: nodeKinds.Plugin,
  replay: true,
  validate(node) {
    return pluginIdOf(node) > 0 ? [] : ["请选择插件"];
  },
  async run(ctx) {
    if (!ctx.services.runPlugin) throw new Error("插件运行环境不可用");
    return { output: await ctx.services.runPlugin(pluginIdOf(ctx.node), ctx.inputs, ctx.signal) };
  },
};
