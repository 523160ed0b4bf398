import { type NodeType, nodeKinds } from "#contract/workflow-nodes";
import { z } from "#contract/zod";
import { parseWith } from "#server/api/http";
import type { Actor, Deps } from "#server/core";
import { AppError, badField, Codes, fail, notFound } from "#server/core";
import type { StoredGraph, StoredNode } from "#server/db/schema/workflow";
import { flattenNodes, portsOf } from "#server/runtime/workflow/graph";
import type { WorkflowNode } from "#server/runtime/workflow/types";
import type { AddNodeInput, NodeInput, SaveWorkflowInput, UpdateNodeInput } from "./contract";
import { childNodes } from "./dto";
import {
  copyNodes,
  freeName,
  newNode,
  removeNodes,
  revive,
  withBody,
  withBranchUnion,
  withRetired,
} from "./graph-edit";
import * as repo from "./repo";
import { accessNode, accessWorkflow, changeWorkflow, recordHistory } from "./service";

/** Node types that come with the workflow or with a Loop: never deleted or copied on their own. */
const FIXED: ReadonlySet<string> = new Set(["Start", "End", "LoopStart", "LoopEnd"]);

/** A node's config read with its kind's schema; a refusal names the field under `prefix`. */
function checkedConfig(type: NodeType, config: Record<string, unknown>, prefix: string) {
  return parseWith(z.object({ [prefix]: nodeKinds[type].configSchema }), { [prefix]: config })[prefix] as Record<
    string,
    unknown
  >;
}

const nodeOf = (graph: StoredGraph, nodeId: number) => {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) throw notFound("节点不存在");
  return node;
};

/** Applies a graph edit to the node's workflow, with a history entry of kind `kind`. */
async function editNodeGraph<T>(
  deps: Deps,
  actor: Actor,
  workflowId: number,
  kind: repo.HistoryKind,
  text: string,
  edit: (graph: StoredGraph, ids: (n: number) => Promise<number[]>) => Promise<{ graph: StoredGraph; result: T }>,
) {
  const { workflow } = await accessWorkflow(deps, actor, workflowId, "Edit");
  return changeWorkflow(deps, workflow, async (tx, row) => {
    const { graph, result } = await edit(row.graph, (n) => repo.nextNodeIds(tx, n));
    const version = await repo.writeGraph(tx, row, graph);
    // The drawer forms post on every change: edits of nodes and links coalesce; adding and deleting do not.
    await recordHistory(tx, row, actor, kind, text, kind === "EditNode");
    return { result, version, graph, workflowId: row.id };
  });
}

export async function addNode(deps: Deps, actor: Actor, input: AddNodeInput) {
  const { result, graph, workflowId } = await editNodeGraph(
    deps,
    actor,
    input.workflowId,
    "AddNode",
    `添加节点「${nodeKinds[input.type].label}」`,
    async (graph, ids) => {
      if (input.loopNodeId != null) {
        const loop = graph.nodes.find((n) => n.id === input.loopNodeId);
        if (loop?.type !== "Loop") throw badField("loopNodeId", "不是该工作流中的循环节点");
      }
      const extension = input.extension ?? { x: 0, y: 0 };
      const typedKey = input.type === "Plugin" ? "pluginId" : input.type === "Workflow" ? "workflowId" : null;
      const typed = typedKey && input.typeId ? { [typedKey]: input.typeId } : {};
      const [id] = await ids(1);
      const node = newNode(id!, input.type, {
        name: freeName(graph, nodeKinds[input.type].label),
        loopNodeId: input.loopNodeId ?? null,
        typeId: input.typeId ?? null,
        config: { extension, ...typed, ...(input.nodeConfigDto ?? {}) },
      });
      const added: StoredNode[] = [node];
      if (input.type === "Loop") {
        const [startId, endId] = await ids(2);
        const inner = { x: 20, y: 60 };
        added.push(
          {
            ...newNode(startId!, "LoopStart", { loopNodeId: id!, config: { extension: inner } }),
            nextNodeIds: [endId!],
          },
          newNode(endId!, "LoopEnd", { loopNodeId: id!, config: { extension: { x: 400, y: 60 } } }),
        );
        Object.assign(node, { innerStartNodeId: startId!, innerEndNodeId: endId! });
      }
      return { graph: { ...graph, nodes: [...graph.nodes, ...added] }, result: id! };
    },
  );
  return childNodes(graph, workflowId).one(result)!;
}

export async function copyNode(deps: Deps, actor: Actor, nodeId: number) {
  const { workflow } = await accessNode(deps, actor, nodeId, "Edit");
  const { result, graph } = await editNodeGraph(deps, actor, workflow.id, "AddNode", "复制节点", async (graph, ids) => {
    const source = nodeOf(graph, nodeId);
    if (FIXED.has(source.type)) throw fail("该节点不能复制");
    const originals = withBody(graph, nodeId);
    const fresh = await ids(originals.length);
    const copies = copyNodes(originals, fresh, true);
    const top = copies[originals.findIndex((n) => n.id === nodeId)]!;
    const extension = (top.nodeConfig.extension ?? {}) as { x?: number; y?: number };
    top.name = freeName(graph, `${source.name.slice(0, 60)}_副本`);
    top.nodeConfig = {
      ...top.nodeConfig,
      extension: { ...extension, x: (extension.x ?? 0) + 40, y: (extension.y ?? 0) + 40 },
    };
    return { graph: { ...graph, nodes: [...graph.nodes, ...copies] }, result: top.id };
  });
  return childNodes(graph, workflow.id).one(result)!;
}

export async function deleteNode(deps: Deps, actor: Actor, nodeId: number) {
  const { workflow } = await accessNode(deps, actor, nodeId, "Edit");
  await editNodeGraph(deps, actor, workflow.id, "DeleteNode", "删除节点", async (graph) => {
    const node = nodeOf(graph, nodeId);
    if (FIXED.has(node.type)) throw fail("开始、结束节点和循环的起止节点不能删除");
    const removed = new Set(withBody(graph, nodeId).map((n) => n.id));
    return { graph: removeNodes(graph, removed), result: null };
  });
}

/** `node/<kind>/update`: the whole node as the drawer form holds it. */
export async function updateNode(deps: Deps, actor: Actor, path: string, input: UpdateNodeInput) {
  const { workflow } = await accessNode(deps, actor, input.nodeId, "Edit");
  await editNodeGraph(deps, actor, workflow.id, "EditNode", "修改节点", async (graph) => {
    const node = nodeOf(graph, input.nodeId);
    const type = node.type as NodeType;
    if ((nodeKinds[type].updatePath ?? "update") !== path) {
      throw badField("nodeId", `该节点是「${nodeKinds[type].label}」，不能用这个接口更新`);
    }
    const nodeConfig = checkedConfig(type, input.nodeConfig, "nodeConfig");
    const updated = withBranchUnion({
      ...node,
      name: input.name ?? node.name,
      description: input.description ?? node.description,
      nodeConfig,
      typeId:
        (nodeConfig.typeId as number | undefined) ??
        (nodeConfig.pluginId as number | undefined) ??
        (nodeConfig.workflowId as number | undefined) ??
        node.typeId,
      modified: new Date().toISOString(),
    });
    checkTargets(graph, updated, "nodeConfig");
    return { graph: { ...graph, nodes: graph.nodes.map((n) => (n.id === node.id ? updated : n)) }, result: null };
  });
}

/** Every id a node points at (edges, branches, exception handlers) must be another node of the same workflow. */
function checkTargets(graph: StoredGraph, node: StoredNode, field: string) {
  const ids = new Set(graph.nodes.map((n) => n.id));
  for (const { targets } of portsOf(node as unknown as WorkflowNode)) {
    for (const id of targets) {
      if (!ids.has(id) || id === node.id) throw badField(field, `连接的节点 ${id} 不存在或是节点自己`);
    }
  }
}

/**
 * A saved graph must keep its loops well-formed: a Loop's own LoopStart/LoopEnd stay in it, and no Loop sits inside
 * itself (directly or through other loops), which would make the nested `innerNodes` of the detail view endless.
 */
function checkNesting(byId: Map<number, NodeInput>, node: StoredNode, field: string) {
  if (node.type === "Loop") {
    for (const [inner, type] of [
      [node.innerStartNodeId, "LoopStart"],
      [node.innerEndNodeId, "LoopEnd"],
    ] as const) {
      const child = inner == null ? undefined : byId.get(inner);
      if (child?.type !== type || (child.loopNodeId ?? node.id) !== node.id) {
        throw badField(`${field}.innerNodes`, "循环节点的开始、结束节点不能删除");
      }
    }
  }
  const seen = new Set<number>([node.id]);
  for (let up = node.loopNodeId; up != null; up = byId.get(up)?.loopNodeId ?? null) {
    if (seen.has(up)) throw badField(`${field}.loopNodeId`, "循环节点不能放在自身之中");
    seen.add(up);
  }
}

/** `node/{id}/nextIds/update`: the node's complete new list of next nodes. */
export async function updateNextIds(deps: Deps, actor: Actor, nodeId: number, nextIds: number[]) {
  const { workflow } = await accessNode(deps, actor, nodeId, "Edit");
  await editNodeGraph(deps, actor, workflow.id, "EditNode", "修改连线", async (graph) => {
    const node = nodeOf(graph, nodeId);
    if (node.type === "End") throw fail("结束节点不能连接下一个节点");
    nextIds.forEach((id, i) => {
      const target = graph.nodes.find((n) => n.id === id);
      if (!target || id === nodeId) throw badField(String(i), `节点 ${id} 不存在或是节点自己`);
    });
    const updated = { ...node, nextNodeIds: [...new Set(nextIds)], modified: new Date().toISOString() };
    return { graph: { ...graph, nodes: graph.nodes.map((n) => (n.id === nodeId ? updated : n)) }, result: null };
  });
}

export async function getNode(deps: Deps, actor: Actor, nodeId: number) {
  const { workflow } = await accessNode(deps, actor, nodeId);
  return childNodes(workflow.graph, workflow.id).one(nodeId)!;
}

export async function listNodes(deps: Deps, actor: Actor, workflowId: number) {
  const { workflow } = await accessWorkflow(deps, actor, workflowId);
  const nodes = childNodes(workflow.graph, workflow.id);
  return workflow.graph.nodes.map((n) => nodes.one(n.id)!);
}

export const staleVersion = (editVersion: number) =>
  new AppError(Codes.BUSINESS, "工作流已被其他人修改，请刷新后再保存，或选择强制保存", { editVersion });

/**
 * The whole-graph save: the editor's nodes (top level, `innerNodes`, startNode/endNode, in any mix) replace the
 * stored graph. Only the workflow's own node ids are accepted; a stale `editVersion` is refused unless forced.
 */
export async function saveWorkflow(deps: Deps, actor: Actor, { workflowConfig: body }: SaveWorkflowInput) {
  const { workflow } = await accessWorkflow(deps, actor, body.id, "Edit");
  return changeWorkflow(deps, workflow, async (tx, row) => {
    if (body.editVersion != null && body.editVersion !== row.editVersion && body.forceCommit !== 1) {
      throw staleVersion(row.editVersion);
    }
    const given = [body.startNode, body.endNode, ...body.nodes].filter((n): n is NodeInput => !!n);
    const flat = flattenNodes(given as unknown as WorkflowNode[]) as unknown as NodeInput[];
    const byId = new Map(flat.map((n) => [n.id, n]));
    const old = new Map(row.graph.nodes.map((n) => [n.id, n]));
    // A node an earlier save removed comes back under its id (undo, redo): it was this workflow's.
    const retired = new Map((row.graph.retiredNodes ?? []).map((n) => [n.id, revive(n)]));
    const nodes: StoredNode[] = [];
    let i = 0;
    for (const n of byId.values()) {
      const field = `workflowConfig.nodes.${i++}`;
      const before = old.get(n.id) ?? retired.get(n.id);
      if (!before) throw badField("workflowConfig.nodes", `节点 ${n.id} 不属于该工作流，请先用 node/add 添加`);
      if (before.type !== n.type) throw badField(`${field}.type`, "不能改变已有节点的类型");
      const nodeConfig = checkedConfig(n.type, n.nodeConfig, `${field}.nodeConfig`);
      const next: StoredNode = withBranchUnion({
        ...before,
        name: n.name,
        description: n.description ?? "",
        nodeConfig,
        nextNodeIds: [...new Set(n.nextNodeIds ?? [])],
        loopNodeId: n.loopNodeId ?? null,
        typeId: n.typeId ?? null,
        // A Loop keeps the LoopStart/LoopEnd made with it: they are never added or replaced on their own.
        ...(n.type === "Loop"
          ? { innerStartNodeId: before.innerStartNodeId, innerEndNodeId: before.innerEndNodeId }
          : {}),
      });
      if (next.loopNodeId != null && byId.get(next.loopNodeId)?.type !== "Loop") {
        throw badField(`${field}.loopNodeId`, "不是该工作流中的循环节点");
      }
      if (FIXED.has(n.type) && next.loopNodeId !== before.loopNodeId) {
        throw badField(`${field}.loopNodeId`, "开始、结束节点和循环的起止节点不能移动到其他循环");
      }
      nodes.push(
        JSON.stringify(next) === JSON.stringify(before) ? before : { ...next, modified: new Date().toISOString() },
      );
    }
    for (const fixed of [row.graph.startNodeId, row.graph.endNodeId]) {
      if (!byId.has(fixed)) throw badField("workflowConfig.nodes", "不能删除开始或结束节点");
    }
    const graph = withRetired(row.graph, { ...row.graph, nodes });
    for (const [index, node] of nodes.entries()) {
      checkTargets(graph, node, `workflowConfig.nodes.${index}`);
      checkNesting(byId, node, `workflowConfig.nodes.${index}`);
    }
    const version = await repo.writeGraph(tx, row, graph);
    const meta = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.icon !== undefined ? { icon: body.icon } : {}),
      ...(body.extension ? { extension: { ...row.extension, ...body.extension } } : {}),
    };
    // A save of the graph alone (the API client's usual body) has no workflow fields: an empty SET is a SQL error.
    if (Object.keys(meta).length > 0) await repo.updateWorkflow(tx, row.id, meta);
    await recordHistory(tx, row, actor, "Edit", "保存工作流", true);
    return version;
  });
}
