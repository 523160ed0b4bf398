import { nodeKinds } from "#contract/workflow-nodes";
import type { RunOutcome, WorkflowEvent } from "./events";
import { EventChannel } from "./events";
import { type RunOptions, startWorkflow, type WorkflowRun } from "./executor";
import type { WorkflowGraph, WorkflowNode } from "./types";

/** Ids of the Start and End around a node run alone; real node ids are positive. */
const START = -1;
const END = -2;

/** Why a node cannot be test-run on its own, or null when it can. */
export function singleRunRefusal(node: WorkflowNode): string | null {
  const kind = nodeKinds[node.type];
  if (!kind) return `未知的节点类型 ${String(node.type)}`;
  if (!kind.testRun) {
    return `「${kind.label}」节点不能单独试运行：它依赖工作流中的上下游（分支、循环、问答或输出），请试运行整个工作流`;
  }
  return null;
}

/** Every argument bound to a reference becomes a literal: the value given under its name (typed as declared). */
function literalArgs(value: unknown, params: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => literalArgs(v, params));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = literalArgs(v, params);
  if (out.bindValueType === "Reference" && typeof out.name === "string") {
    out.bindValueType = "Input";
    out.bindValue = params[out.name] ?? null;
  }
  return out;
}

/**
 * The node alone between a Start and an End of its own: its references read `params` by argument name, it
 * leaves its loop, and an exception flow (whose handler nodes are not there) stops the run instead, so the
 * failure shows on the node.
 */
function graphAround(node: WorkflowNode, params: Record<string, unknown>): WorkflowGraph {
  const config = literalArgs(node.nodeConfig ?? {}, params) as Record<string, any>;
  if (config.exceptionHandleConfig?.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW") {
    config.exceptionHandleConfig = { ...config.exceptionHandleConfig, exceptionHandleType: "INTERRUPT" };
  }
  const alone: WorkflowNode = { ...node, nodeConfig: config, nextNodeIds: [END], loopNodeId: null, innerNodes: null };
  const end: WorkflowNode = { id: END, name: "结束", type: "End", nodeConfig: {}, nextNodeIds: [] };
  if (node.type === "Start") return { startNodeId: node.id, endNodeId: END, nodes: [alone, end] };
  const start: WorkflowNode = { id: START, name: "开始", type: "Start", nodeConfig: {}, nextNodeIds: [node.id] };
  return { startNodeId: START, endNodeId: END, nodes: [start, alone, end] };
}

/**
 * `test/node/execute` (reference original-backend.md §6.6): runs one node with `params` supplying every
 * referenced input by argument name. The stream carries only that node's events; the final outcome's output is
 * the node's output. The caller refuses nodes `singleRunRefusal` names before calling this.
 */
export function startSingleNode(
  node: WorkflowNode,
  params: Record<string, unknown>,
  options: Omit<RunOptions, "params">,
): WorkflowRun {
  const run = startWorkflow(graphAround(node, params), { ...options, params });
  const events = new EventChannel<WorkflowEvent>();
  const own = (outcome: RunOutcome): RunOutcome => {
    const result = outcome.nodeExecuteResultMap[node.id];
    const status = outcome.nodeStatus[node.id];
    return {
      ...outcome,
      output: outcome.success ? (result?.data ?? {}) : null,
      checks: outcome.checks?.filter((c) => c.nodeId === node.id),
      nodeExecuteResultMap: result ? { [node.id]: result } : {},
      nodeStatus: status ? { [node.id]: status } : {},
    };
  };
  const done = (async () => {
    for await (const event of run.events) {
      if (event.type === "final") events.push({ type: "final", outcome: own(event.outcome) });
      else if (event.nodeId === node.id) events.push(event);
    }
    events.close();
    return own(await run.done);
  })();
  return { events, done };
}
