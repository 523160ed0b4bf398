import type { Arg } from "#contract/args";
import type { NodeType } from "#contract/workflow-nodes";
import type { RunOutcome, WorkflowEvent } from "./events";
import type { WorkflowRun } from "./executor";
import type { WorkflowGraph, WorkflowNode } from "./types";

/** Small builders for graphs in engine tests and the bench: nodes named `<Type><id>`. */
export function wfNode(
  id: number,
  type: NodeType,
  nodeConfig: Record<string, unknown> = {},
  nextNodeIds: number[] = [],
  extra: Partial<WorkflowNode> = {},
): WorkflowNode {
  return { id, name: `${type}${id}`, type, nodeConfig, nextNodeIds, ...extra };
}

export const ref = (name: string, bindValue: string, dataType = "String"): Arg => ({
  name,
  dataType,
  bindValueType: "Reference",
  bindValue,
});

export const lit = (name: string, bindValue: unknown, dataType = "String"): Arg => ({
  name,
  dataType,
  bindValueType: "Input",
  bindValue,
});

export const param = (name: string, dataType = "String", require = false): Arg => ({ name, dataType, require });

export function graphOf(nodes: WorkflowNode[], startNodeId = 1, endNodeId = 2): WorkflowGraph {
  return { startNodeId, endNodeId, nodes };
}

/** A Loop node with its inner LoopStart (id+1) and LoopEnd (id+2), the body wired by the caller. */
export function loopNodes(
  id: number,
  config: Record<string, unknown>,
  next: number[],
  body: { firstIds: number[]; inner: WorkflowNode[] },
): WorkflowNode[] {
  return [
    wfNode(id, "Loop", config, next, { innerStartNodeId: id + 1, innerEndNodeId: id + 2 }),
    wfNode(id + 1, "LoopStart", {}, body.firstIds, { loopNodeId: id }),
    wfNode(id + 2, "LoopEnd", {}, [], { loopNodeId: id }),
    ...body.inner.map((n) => ({ ...n, loopNodeId: id })),
  ];
}

/** Reads the whole event stream and the outcome. */
export async function drain(run: WorkflowRun): Promise<{ events: WorkflowEvent[]; outcome: RunOutcome }> {
  const events: WorkflowEvent[] = [];
  for await (const event of run.events) events.push(event);
  return { events, outcome: await run.done };
}

/** The node events as `<nodeId>:<status>` in stream order. */
export const trail = (events: WorkflowEvent[]) =>
  events.flatMap((e) => (e.type === "node" ? [`${e.nodeId}:${e.status}`] : []));
