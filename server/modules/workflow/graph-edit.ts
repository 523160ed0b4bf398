import { randomUUID } from "node:crypto";
import { type NodeType, nodeKinds } from "#contract/workflow-nodes";
import type { RetiredNode, StoredGraph, StoredNode } from "#server/db/schema/workflow";
import { portsOf } from "#server/runtime/workflow/graph";
import { EXCEPTION, type WorkflowGraph, type WorkflowNode } from "#server/runtime/workflow/types";

/**
 * Pure edits of a stored graph (one flat node list). Every function returns new objects, so a caller can
 * compare before and after, and ids are handed in (they come from the database sequence).
 */

const now = () => new Date().toISOString();

/** Exception settings a new fallible node starts with: stop the run, 180 s, no retry (original client's form). */
const exceptionDefaults = { exceptionHandleType: "INTERRUPT", timeout: 180, retryCount: 0 };

/** What a new node's config holds beyond its descriptor's default arguments. */
function configDefaults(type: NodeType): Record<string, unknown> {
  switch (type) {
    case "End":
      return { returnType: "VARIABLE", content: "" };
    case "LLM":
      return { outputType: "Text", systemPrompt: "", userPrompt: "", skillComponentConfigs: [] };
    case "Condition":
      return {
        conditionBranchConfigs: [
          { uuid: randomUUID(), branchType: "IF", conditionType: "AND", conditionArgs: [], nextNodeIds: [] },
          { uuid: randomUUID(), branchType: "ELSE", conditionArgs: [], nextNodeIds: [] },
        ],
      };
    case "IntentRecognition":
      return { intentConfigs: [] };
    case "QA":
      return { answerType: "TEXT", question: "", maxReplyCount: 3, options: [] };
    case "Loop":
      return { loopType: "ARRAY_LOOP", loopTimes: 1, variableArgs: [] };
    case "Variable":
      return { configType: "SET_VARIABLE" };
    case "TextProcessing":
      return { textHandleType: "CONCAT", text: "", join: "," };
    case "Code":
      return { codeLanguage: "JavaScript", codeJavaScript: "", codePython: "" };
    case "HTTPRequest":
      return { method: "GET", url: "", contentType: "JSON", timeout: 30, headers: [], queries: [], body: [] };
    default:
      return {};
  }
}

/** A new node as node/add and workflow creation make it. */
export function newNode(
  id: number,
  type: NodeType,
  extra: { name?: string; loopNodeId?: number | null; typeId?: number | null; config?: Record<string, unknown> } = {},
): StoredNode {
  const kind = nodeKinds[type];
  const at = now();
  return {
    id,
    name: extra.name ?? kind.label,
    description: "",
    type,
    nodeConfig: {
      inputArgs: structuredClone(kind.defaultInputs),
      outputArgs: structuredClone(kind.defaultOutputs),
      ...(kind.exceptionHandling ? { exceptionHandleConfig: { ...exceptionDefaults } } : {}),
      ...configDefaults(type),
      ...extra.config,
    },
    nextNodeIds: [],
    loopNodeId: extra.loopNodeId ?? null,
    typeId: extra.typeId ?? null,
    created: at,
    modified: at,
  };
}

/** The name a new node gets: its label, numbered when the label is taken ("大模型_1"). */
export function freeName(graph: StoredGraph, base: string) {
  const names = new Set(graph.nodes.map((n) => n.name));
  if (!names.has(base)) return base;
  for (let i = 1; ; i++) if (!names.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** A new workflow's graph: Start wired to End. */
export function initialGraph([startId, endId]: [number, number]): StoredGraph {
  const start = { ...newNode(startId, "Start"), nextNodeIds: [endId] };
  return { startNodeId: startId, endNodeId: endId, nodes: [start, newNode(endId, "End")] };
}

const REFERENCE = /^(\d+)((?:-input|-var)?\..+)$/;
const ID_LISTS = new Set(["nextNodeIds", "exceptionHandleNodeIds"]);

/**
 * Rewrites every node id inside a config: branch and exception target lists (ids mapped to null are dropped)
 * and references `<id>.<path>`, `<id>-input.…`, `<id>-var.…` (left alone when the id maps to null).
 */
function mapConfigIds(value: unknown, map: (id: number) => number | null, key = ""): unknown {
  if (Array.isArray(value)) {
    if (ID_LISTS.has(key)) {
      return value.flatMap((v) => (typeof v === "number" ? (map(v) ?? []) : []));
    }
    return value.map((v) => mapConfigIds(v, map));
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) out[k] = mapConfigIds(v, map, k);
    if (record.bindValueType === "Reference" && typeof record.bindValue === "string") {
      const m = REFERENCE.exec(record.bindValue);
      const to = m ? map(Number(m[1])) : null;
      if (m && to !== null) out.bindValue = `${to}${m[2]}`;
    }
    return out;
  }
  return value;
}

/** A node with every id in it passed through `map` (for copies and deletions). */
export function mapNodeIds(node: StoredNode, map: (id: number) => number | null): StoredNode {
  const one = (id: number | null | undefined) => (id == null ? (id ?? null) : map(id));
  return {
    ...node,
    id: map(node.id) ?? node.id,
    nodeConfig: mapConfigIds(node.nodeConfig, map) as Record<string, unknown>,
    nextNodeIds: node.nextNodeIds.flatMap((id) => map(id) ?? []),
    loopNodeId: one(node.loopNodeId),
    ...(node.innerStartNodeId !== undefined ? { innerStartNodeId: one(node.innerStartNodeId) } : {}),
    ...(node.innerEndNodeId !== undefined ? { innerEndNodeId: one(node.innerEndNodeId) } : {}),
  };
}

/** The node and, for a Loop, every node of its body (nested loops included). */
export function withBody(graph: StoredGraph, rootId: number): StoredNode[] {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of graph.nodes) {
      if (n.loopNodeId != null && ids.has(n.loopNodeId) && !ids.has(n.id)) {
        ids.add(n.id);
        grew = true;
      }
    }
  }
  return graph.nodes.filter((n) => ids.has(n.id));
}

/** Removes nodes and every edge, branch target and exception handler pointing at them. */
export function removeNodes(graph: StoredGraph, removed: Set<number>): StoredGraph {
  const keep = (id: number) => (removed.has(id) ? null : id);
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !removed.has(n.id)).map((n) => touchIfChanged(n, mapNodeIds(n, keep))),
  };
}

function touchIfChanged(before: StoredNode, after: StoredNode) {
  return JSON.stringify(before) === JSON.stringify(after) ? before : { ...after, modified: now() };
}

/**
 * Copies of `nodes` under new ids (`ids` hands out one per node): ids among the copied nodes are rewritten,
 * edges leaving the copied set are dropped when `detach` (a pasted node starts unconnected).
 */
export function copyNodes(nodes: StoredNode[], ids: number[], detach: boolean): StoredNode[] {
  const fresh = new Map(nodes.map((n, i) => [n.id, ids[i]!]));
  const at = now();
  return nodes.map((n) => {
    // Mapped to null, an edge is dropped while a reference keeps pointing at the node outside the copy.
    const copy = mapNodeIds(n, (id) => fresh.get(id) ?? (detach ? null : id));
    return { ...copy, created: at, modified: at };
  });
}

/**
 * A branching node (Condition, IntentRecognition, QA with options) keeps in `nextNodeIds` the union of its
 * branch targets, as the original server computes it; other nodes keep their own list.
 */
export function withBranchUnion(node: StoredNode): StoredNode {
  if (!["Condition", "IntentRecognition", "QA"].includes(node.type)) return node;
  if (node.type === "QA" && node.nodeConfig.answerType !== "SELECT") return node;
  const union = new Set<number>();
  for (const { port, targets } of portsOf(node as unknown as WorkflowNode)) {
    if (port !== EXCEPTION) for (const t of targets) union.add(t);
  }
  return { ...node, nextNodeIds: [...union] };
}

/** How many removed nodes a graph remembers: more than the editor's 100 undo steps usually remove. */
const RETIRED_LIMIT = 500;

/**
 * `next` to be stored after `previous`: the nodes `previous` held or remembered that `next` lacks are remembered,
 * so a later save may bring them back under their ids — the editor's undo and redo across autosaves. A remembered
 * id stays this workflow's alone: node ids come from one sequence and are never reused.
 */
export function withRetired(previous: StoredGraph, next: StoredGraph): StoredGraph {
  const kept = new Set(next.nodes.map((n) => n.id));
  const retired = new Map<number, RetiredNode>();
  for (const n of [...(previous.retiredNodes ?? []), ...previous.nodes]) {
    if (kept.has(n.id)) continue;
    retired.delete(n.id);
    retired.set(n.id, {
      id: n.id,
      type: n.type,
      loopNodeId: n.loopNodeId,
      innerStartNodeId: n.innerStartNodeId,
      innerEndNodeId: n.innerEndNodeId,
      created: n.created,
    });
  }
  const { retiredNodes: _, ...rest } = next;
  return retired.size ? { ...rest, retiredNodes: [...retired.values()].slice(-RETIRED_LIMIT) } : rest;
}

/** A remembered node as the base a save rebuilds it from (the save supplies every other field). */
export const revive = (n: RetiredNode): StoredNode => ({
  name: "",
  description: "",
  nodeConfig: {},
  nextNodeIds: [],
  typeId: null,
  modified: n.created,
  ...n,
});

/** The graph without what only the draft needs: what history entries and publications keep. */
export function withoutRetired(graph: StoredGraph): StoredGraph {
  const { retiredNodes: _, ...rest } = graph;
  return rest;
}

/** The stored graph as the engine reads it. */
export const engineGraph = (graph: StoredGraph): WorkflowGraph => graph as unknown as WorkflowGraph;
