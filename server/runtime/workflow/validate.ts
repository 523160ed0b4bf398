import { nodeKinds } from "#contract/workflow-nodes";
import { findCycle, type GraphIndex, indexGraph, reachingTo } from "./graph";
import { definitionOf } from "./nodes";
import type { WorkflowGraph, WorkflowNode } from "./types";
import { checkReferences } from "./validate-refs";

/** One node's verdict, the shape of `GET /api/workflow/valid/{id}` (reference original-frontend.md §1.13). */
export interface NodeCheck {
  nodeId: number;
  success: boolean;
  messages: string[];
}

const nameOf = (index: GraphIndex, id: number) => index.byId.get(id)?.name ?? String(id);

/** Checks the whole graph: every node gets its messages in Chinese, an empty list when it is fine. */
export function validateWorkflow(graph: WorkflowGraph, workflowId?: number): NodeCheck[] {
  return validateIndexed(indexGraph(graph), workflowId);
}

/** `workflowId`: the workflow the graph belongs to, when known (a Workflow node must not call it). */
export function validateIndexed(index: GraphIndex, workflowId?: number): NodeCheck[] {
  const messages = new Map<number, string[]>();
  const add = (id: number, message: string) => {
    const list = messages.get(id) ?? [];
    if (!list.includes(message)) list.push(message);
    messages.set(id, list);
  };
  const { graph, byId } = index;
  if (byId.get(graph.startNodeId)?.type !== "Start") add(graph.startNodeId, "缺少开始节点");
  if (byId.get(graph.endNodeId)?.type !== "End") add(graph.endNodeId, "缺少结束节点");

  for (const edge of index.dropped) {
    const target = byId.get(edge.to);
    const from = byId.get(edge.from)!;
    if (!target) add(edge.from, `连接的下一个节点（${edge.to}）不存在`);
    else if (edge.to === edge.from) add(edge.from, "节点不能连接到自己");
    else if (target.loopNodeId != null && target.loopNodeId !== from.loopNodeId)
      add(edge.from, `不能连接到循环体内部的节点「${target.name}」`);
    else add(edge.from, `循环体内的节点不能连接到循环体外部的节点「${target.name}」`);
  }

  for (const scope of index.scopes.values()) {
    const cycle = findCycle(index, scope);
    if (cycle) {
      const names = cycle.map((id) => `「${nameOf(index, id)}」`).join("与");
      for (const id of cycle) add(id, `节点${names}形成循环`);
      continue;
    }
    if (!byId.has(scope.start) || !byId.has(scope.end)) continue;
    const fromStart = new Set(scope.reachable);
    const toEnd = reachingTo(index, scope.end);
    const inLoop = scope.loopId !== null;
    for (const id of scope.members) {
      const node = byId.get(id)!;
      if (!fromStart.has(id)) add(id, inLoop ? "节点未与循环开始节点连通" : "节点未与开始节点连通");
      // Break and Continue end the iteration themselves; they need no way on to the loop's end.
      else if (!toEnd.has(id) && node.type !== "LoopBreak" && node.type !== "LoopContinue")
        add(id, inLoop ? "节点无法到达循环结束节点" : "节点无法到达结束节点");
    }
  }

  for (const node of byId.values()) for (const message of checkNode(index, node, workflowId)) add(node.id, message);
  checkReferences(index, add);

  return [...byId.values()]
    .map((node) => {
      const list = messages.get(node.id) ?? [];
      return { nodeId: node.id, success: list.length === 0, messages: list };
    })
    .concat(
      [graph.startNodeId, graph.endNodeId]
        .filter((id) => !byId.has(id))
        .map((id) => ({ nodeId: id, success: false, messages: messages.get(id) ?? [] })),
    );
}

/** What one node's own configuration lacks. */
function checkNode(index: GraphIndex, node: WorkflowNode, workflowId: number | undefined): string[] {
  const definition = definitionOf(node.type);
  if (!(node.type in nodeKinds)) return [`未知的节点类型 ${String(node.type)}`];
  if (!definition) return ["该节点将在后续版本支持"];
  if (definition.unsupported) return [definition.unsupported];
  const out: string[] = [];
  const parsed = definition.kind.configSchema.safeParse(node.nodeConfig ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 5)) {
      out.push(`配置项 ${issue.path.join(".") || "nodeConfig"}：${issue.message}`);
    }
    return out;
  }
  const handling = node.nodeConfig?.exceptionHandleConfig;
  if (
    definition.kind.exceptionHandling &&
    handling?.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW" &&
    !handling.exceptionHandleNodeIds?.length
  ) {
    out.push("异常处理方式为执行异常流程，但未连接异常处理节点");
  }
  if ((node.type === "LoopBreak" || node.type === "LoopContinue") && node.loopNodeId == null) {
    out.push(`${definition.kind.label}节点只能在循环体内使用`);
  }
  if (node.type === "Loop") {
    const start = index.byId.get(node.innerStartNodeId ?? -1);
    const end = index.byId.get(node.innerEndNodeId ?? -1);
    if (start?.type !== "LoopStart" || start.loopNodeId !== node.id) out.push("循环体缺少循环开始节点");
    if (end?.type !== "LoopEnd" || end.loopNodeId !== node.id) out.push("循环体缺少循环结束节点");
  }
  if (node.loopNodeId != null && index.byId.get(node.loopNodeId)?.type !== "Loop") {
    out.push("节点所属的循环不存在");
  }
  out.push(...(definition.validate?.(node, { graph: index.graph, byId: index.byId, workflowId }) ?? []));
  return out;
}
