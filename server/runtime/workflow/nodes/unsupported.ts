import { type NodeType, nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/**
 * Node types whose behaviour belongs to a module still to come (knowledge, tables, documents, memory,
 * MCP) or that only the original engine used internally: validation refuses them with this
 * sentence, so a workflow using one cannot be run or published by mistake.
 */
export const laterVersion = (type: NodeType): NodeDefinition => ({
  kind: nodeKinds[type],
  unsupported: `${nodeKinds[type].label}节点：该节点将在后续版本支持`,
});
