import type { Arg } from "#contract/args";
import { iconOr } from "#contract/icons";
import type { StoredGraph, StoredNode } from "#server/db/schema/workflow";
import { portsOf } from "#server/runtime/workflow/graph";
import type { WorkflowNode } from "#server/runtime/workflow/types";
import { toCreatorInfo } from "../agent/dto";
import type { UserRow } from "../auth";
import type { PublishedRow } from "../publish";
import type { ChildNode, WorkflowDetail, WorkflowPermission } from "./contract";
import { withoutRetired } from "./graph-edit";
import type { WorkflowRow } from "./repo";

/** What history entries and publications freeze: the workflow's own fields and its whole graph. */
export interface WorkflowSnapshot {
  id: number;
  name: string;
  description: string;
  icon: string;
  extension: Record<string, unknown>;
  graph: StoredGraph;
}

export const workflowSnapshot = (w: WorkflowRow): WorkflowSnapshot => ({
  id: w.id,
  name: w.name,
  description: w.description,
  icon: w.icon,
  extension: w.extension,
  graph: withoutRetired(w.graph),
});

const brief = (n: StoredNode) => ({ id: n.id, name: n.name, type: n.type as ChildNode["type"], icon: "" });

/** Nodes as the editor reads them: edges as preNodes/nextNodes, loop children inside their Loop's innerNodes. */
export function childNodes(graph: StoredGraph, workflowId: number) {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const pre = new Map<number, StoredNode[]>();
  const next = new Map<number, StoredNode[]>();
  for (const node of graph.nodes) {
    const targets = new Set(portsOf(node as unknown as WorkflowNode).flatMap((p) => p.targets));
    for (const id of targets) {
      const target = byId.get(id);
      if (!target) continue;
      next.set(node.id, [...(next.get(node.id) ?? []), target]);
      pre.set(id, [...(pre.get(id) ?? []), node]);
    }
  }
  const one = (n: StoredNode): ChildNode => ({
    id: n.id,
    name: n.name,
    description: n.description,
    workflowId,
    type: n.type as ChildNode["type"],
    nodeConfig: n.nodeConfig,
    nextNodeIds: n.nextNodeIds,
    preNodes: (pre.get(n.id) ?? []).map(brief),
    nextNodes: (next.get(n.id) ?? []).map(brief),
    loopNodeId: n.loopNodeId,
    ...(n.type === "Loop"
      ? {
          innerNodes: graph.nodes.filter((c) => c.loopNodeId === n.id).map(one),
          innerStartNodeId: n.innerStartNodeId ?? null,
          innerEndNodeId: n.innerEndNodeId ?? null,
        }
      : {}),
    typeId: n.typeId,
    icon: "",
    created: n.created,
    modified: n.modified,
  });
  return {
    one: (id: number) => {
      const node = byId.get(id);
      return node ? one(node) : null;
    },
    topLevel: () => graph.nodes.filter((n) => n.loopNodeId == null).map(one),
  };
}

export function toDetail(
  w: WorkflowRow,
  extra: { creator: UserRow | undefined; permissions: WorkflowPermission[]; live: PublishedRow | undefined },
): WorkflowDetail {
  const nodes = childNodes(w.graph, w.id);
  const startNode = nodes.one(w.graph.startNodeId)!;
  const endNode = nodes.one(w.graph.endNodeId)!;
  return {
    id: w.id,
    spaceId: w.spaceId,
    name: w.name,
    description: w.description,
    icon: iconOr("Workflow", w.icon),
    creatorId: w.creatorId,
    creator: toCreatorInfo(extra.creator),
    created: w.created.toISOString(),
    modified: w.modified.toISOString(),
    publishStatus: w.publishStatus,
    publishDate: w.publishDate?.toISOString() ?? null,
    scope: extra.live?.scope ?? null,
    category: extra.live?.category ?? null,
    permissions: extra.permissions,
    extension: w.extension,
    editVersion: w.editVersion,
    inputArgs: (startNode.nodeConfig.inputArgs as Arg[] | undefined) ?? [],
    outputArgs: (endNode.nodeConfig.outputArgs as Arg[] | undefined) ?? [],
    startNode,
    endNode,
    nodes: nodes.topLevel(),
  };
}
