import type { ChildNode, SaveWorkflowInput, WorkflowDetail } from "#contract/api/workflow";
import { type NodeType, nodeKinds } from "#contract/workflow-nodes";

/**
 * The editor's graph: one flat node list (loop children carry `loopNodeId`), edges stored on the nodes as the
 * contract keeps them (reference original-frontend.md §3.1): `nextNodeIds`, branch `nextNodeIds` inside
 * Condition branches / intents / QA options, and `exceptionHandleNodeIds`. Every edit returns a new graph and
 * keeps the untouched node objects, so the canvas redraws only what changed.
 */
export interface GraphNode {
  id: number;
  name: string;
  description: string;
  type: NodeType;
  nodeConfig: Record<string, unknown>;
  nextNodeIds: number[];
  loopNodeId: number | null;
  innerStartNodeId?: number | null;
  innerEndNodeId?: number | null;
  typeId: number | null;
}

export interface Graph {
  startNodeId: number;
  endNodeId: number;
  nodes: GraphNode[];
}

export interface Position {
  x: number;
  y: number;
}

/** One drawn edge; its ids follow the original client's port naming. */
export interface GraphEdge {
  id: string;
  source: number;
  sourceHandle: string;
  target: number;
  targetHandle: string;
  /** Loop-internal start/end links cannot be removed. */
  deletable: boolean;
}

/** An output port: the plain one, a branch (Condition branch, intent, QA option) or the exception flow. */
export interface Port {
  id: string;
  kind: "out" | "branch" | "exception";
  label?: string;
  /** The branch item's uuid. */
  uuid?: string;
}

/** Node types the graph brings itself and a user never removes or copies. */
export const FIXED_TYPES: ReadonlySet<NodeType> = new Set(["Start", "End", "LoopStart", "LoopEnd"]);

/** Default sizes (§3.1); branching nodes grow with their ports, the rest measure themselves. */
export function defaultSize(type: NodeType): { width: number; height: number } {
  switch (type) {
    case "Condition":
      return { width: 300, height: 120 };
    case "QA":
      return { width: 300, height: 110 };
    case "IntentRecognition":
      return { width: 300, height: 78 };
    case "Loop":
      return { width: 660, height: 240 };
    default:
      return { width: 220, height: 44 };
  }
}

export const inPort = (id: number) => `${id}-in`;
export const outPort = (id: number) => `${id}-out`;
export const exceptionPort = (id: number) => `${id}-exception-out`;
export const branchPort = (id: number, uuid: string) => `${id}-${uuid}-out`;

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
type Branch = { uuid: string; nextNodeIds?: number[] | null; [k: string]: unknown };
const list = (value: unknown): Branch[] =>
  Array.isArray(value) ? value.filter((b): b is Branch => typeof b?.uuid === "string") : [];
const letter = (i: number) => String.fromCharCode(65 + i);

/** The config key holding a node's branches, or null when its edges are plain `nextNodeIds`. */
export function branchKey(node: Pick<GraphNode, "type" | "nodeConfig">) {
  if (node.type === "Condition") return "conditionBranchConfigs";
  if (node.type === "IntentRecognition") return "intentConfigs";
  if (node.type === "QA" && node.nodeConfig.answerType === "SELECT") return "options";
  return null;
}

const conditionLabel = { IF: "如果", ELSE_IF: "否则如果", ELSE: "否则" } as Record<string, string>;

function branchLabel(node: GraphNode, branch: Branch, i: number) {
  if (node.type === "Condition") return conditionLabel[String(branch.branchType)] ?? "分支";
  if (node.type === "IntentRecognition") return String(branch.intent || `意图 ${i + 1}`);
  return `${String(branch.index || letter(i))}. ${String(branch.content ?? "")}`;
}

const exceptionFlow = (node: GraphNode) => {
  const handling = node.nodeConfig.exceptionHandleConfig as { exceptionHandleType?: string } | null | undefined;
  return nodeKinds[node.type]?.exceptionHandling && handling?.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW";
};

/** The output ports a node draws, in order. End and LoopEnd have none. */
export function portsOf(node: GraphNode): Port[] {
  if (node.type === "End" || node.type === "LoopEnd") return [];
  const key = branchKey(node);
  const ports: Port[] = key
    ? list(node.nodeConfig[key]).map((b, i) => ({
        id: branchPort(node.id, b.uuid),
        kind: "branch",
        uuid: b.uuid,
        label: branchLabel(node, b, i),
      }))
    : [{ id: outPort(node.id), kind: "out" }];
  if (exceptionFlow(node)) ports.push({ id: exceptionPort(node.id), kind: "exception", label: "异常" });
  return ports;
}

/** The targets behind one port. */
function targetsAt(node: GraphNode, port: Port): number[] {
  if (port.kind === "out") return node.nextNodeIds;
  if (port.kind === "exception")
    return numbers((node.nodeConfig.exceptionHandleConfig as Branch)?.exceptionHandleNodeIds);
  const key = branchKey(node);
  return numbers(list(key ? node.nodeConfig[key] : null).find((b) => b.uuid === port.uuid)?.nextNodeIds);
}

/** Start, LoopStart have no input port. */
export const hasInput = (type: NodeType) => type !== "Start" && type !== "LoopStart";

/** Every edge (§3.1): one per target of each port, targets in the same scope only, duplicates dropped. */
export function edgesOf(graph: Graph): GraphEdge[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  for (const node of graph.nodes) {
    for (const port of portsOf(node)) {
      for (const to of targetsAt(node, port)) {
        const target = byId.get(to);
        if (!target || to === node.id || target.loopNodeId !== node.loopNodeId || !hasInput(target.type)) continue;
        const id = `${port.id}->${to}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const inner = node.type === "LoopStart" || target.type === "LoopEnd";
        edges.push({
          id,
          source: node.id,
          sourceHandle: port.id,
          target: to,
          targetHandle: inPort(to),
          deletable: !inner,
        });
      }
    }
  }
  return edges;
}

/** The port a handle id names on a node, or null when the node has no such port. */
export function portOf(node: GraphNode, handle: string | null | undefined): Port | null {
  const ports = portsOf(node);
  return ports.find((p) => p.id === handle) ?? (handle == null ? (ports[0] ?? null) : null);
}

const replace = (graph: Graph, id: number, change: (n: GraphNode) => GraphNode): Graph => ({
  ...graph,
  nodes: graph.nodes.map((n) => (n.id === id ? change(n) : n)),
});

/** The node with one port's targets changed. */
function withTargets(node: GraphNode, port: Port, change: (ids: number[]) => number[]): GraphNode {
  if (port.kind === "out") return { ...node, nextNodeIds: change(node.nextNodeIds) };
  if (port.kind === "exception") {
    const handling = (node.nodeConfig.exceptionHandleConfig ?? {}) as Branch;
    const exceptionHandleNodeIds = change(numbers(handling.exceptionHandleNodeIds));
    return {
      ...node,
      nodeConfig: { ...node.nodeConfig, exceptionHandleConfig: { ...handling, exceptionHandleNodeIds } },
    };
  }
  const key = branchKey(node)!;
  const branches = list(node.nodeConfig[key]).map((b) =>
    b.uuid === port.uuid ? { ...b, nextNodeIds: change(numbers(b.nextNodeIds)) } : b,
  );
  // The original backend keeps a branching node's nextNodeIds the union of its branches; so do we.
  const union = [...new Set(branches.flatMap((b) => numbers(b.nextNodeIds)))];
  return { ...node, nextNodeIds: union, nodeConfig: { ...node.nodeConfig, [key]: branches } };
}

/** Why a connection is refused (null: allowed). Same scope, no loops onto itself, no input into Start. */
export function connectProblem(graph: Graph, source: number, handle: string | null | undefined, target: number) {
  const from = graph.nodes.find((n) => n.id === source);
  const to = graph.nodes.find((n) => n.id === target);
  if (!from || !to || source === target) return "不能连接到自身";
  if (!portOf(from, handle)) return "没有这个输出端口";
  if (!hasInput(to.type)) return "开始节点没有输入端口";
  if (from.loopNodeId !== to.loopNodeId) return "循环内外的节点不能直接相连";
  return null;
}

export function connect(graph: Graph, source: number, handle: string | null | undefined, target: number): Graph {
  if (connectProblem(graph, source, handle, target)) return graph;
  return replace(graph, source, (n) => {
    const port = portOf(n, handle)!;
    return withTargets(n, port, (ids) => (ids.includes(target) ? ids : [...ids, target]));
  });
}

export function disconnect(graph: Graph, edge: Pick<GraphEdge, "source" | "sourceHandle" | "target">): Graph {
  return replace(graph, edge.source, (n) => {
    const port = portOf(n, edge.sourceHandle);
    return port ? withTargets(n, port, (ids) => ids.filter((id) => id !== edge.target)) : n;
  });
}

/** A new node put on an edge: the edge's port now leads to it, and it leads on to the edge's old target. */
export function insertOnEdge(graph: Graph, edge: GraphEdge, node: GraphNode): Graph {
  const withNode = addNodes(graph, [node]);
  const rewired = connect(disconnect(withNode, edge), edge.source, edge.sourceHandle, node.id);
  return portsOf(node)[0] ? connect(rewired, node.id, portsOf(node)[0]!.id, edge.target) : rewired;
}

/** A node (and a Loop's body) as the editor keeps it: flat, display-only fields dropped. */
export function fromChildNode(child: ChildNode): GraphNode[] {
  const own: GraphNode = {
    id: child.id,
    name: child.name,
    description: child.description ?? "",
    type: child.type,
    nodeConfig: child.nodeConfig ?? {},
    nextNodeIds: child.nextNodeIds ?? [],
    loopNodeId: child.loopNodeId ?? null,
    typeId: child.typeId ?? null,
    ...(child.type === "Loop"
      ? { innerStartNodeId: child.innerStartNodeId ?? null, innerEndNodeId: child.innerEndNodeId ?? null }
      : {}),
  };
  return [own, ...(child.innerNodes ?? []).flatMap(fromChildNode)];
}

export function fromDetail(detail: Pick<WorkflowDetail, "startNode" | "endNode" | "nodes">): Graph {
  const byId = new Map<number, GraphNode>();
  for (const child of [detail.startNode, detail.endNode, ...detail.nodes]) {
    for (const node of fromChildNode(child)) if (!byId.has(node.id)) byId.set(node.id, node);
  }
  const graph = { startNodeId: detail.startNode.id, endNodeId: detail.endNode.id, nodes: [...byId.values()] };
  // A new workflow's Start and End come without positions: End goes to the right of Start, not on top of it.
  const end = byId.get(graph.endNodeId);
  const placed = (n?: GraphNode) => typeof (n?.nodeConfig.extension as { x?: unknown } | undefined)?.x === "number";
  if (end && !placed(end) && !placed(byId.get(graph.startNodeId))) {
    return moveNodes(graph, new Map([[end.id, { x: 700, y: 0 }]]));
  }
  return graph;
}

export function addNodes(graph: Graph, nodes: GraphNode[]): Graph {
  const known = new Set(graph.nodes.map((n) => n.id));
  return { ...graph, nodes: [...graph.nodes, ...nodes.filter((n) => !known.has(n.id))] };
}

export function replaceNode(graph: Graph, node: GraphNode): Graph {
  return replace(graph, node.id, (old) => ({ ...node, id: old.id, type: old.type, loopNodeId: old.loopNodeId }));
}

/**
 * Removes nodes (a Loop with its body), and every edge into them. Start, End and the loop-internal nodes stay.
 * Returns the graph unchanged when nothing removable was named.
 */
export function removeNodes(graph: Graph, ids: Iterable<number>): Graph {
  const gone = new Set<number>();
  for (const id of ids) {
    const node = graph.nodes.find((n) => n.id === id);
    if (node && !FIXED_TYPES.has(node.type)) gone.add(id);
  }
  if (!gone.size) return graph;
  let grew = true;
  while (grew) {
    grew = false;
    for (const n of graph.nodes) {
      if (n.loopNodeId !== null && gone.has(n.loopNodeId) && !gone.has(n.id)) {
        gone.add(n.id);
        grew = true;
      }
    }
  }
  const nodes = graph.nodes
    .filter((n) => !gone.has(n.id))
    .map((n) => {
      let next = n;
      for (const port of portsOf(n)) {
        if (targetsAt(next, port).some((t) => gone.has(t)))
          next = withTargets(next, port, (t) => t.filter((x) => !gone.has(x)));
      }
      return next;
    });
  return { ...graph, nodes };
}

const extensionOf = (node: GraphNode) =>
  (node.nodeConfig.extension ?? {}) as Partial<Position> & Record<string, unknown>;

/** Where a node sits: `nodeConfig.extension`, relative to its Loop for loop children. */
export const positionOf = (node: GraphNode): Position => {
  const { x, y } = extensionOf(node);
  return { x: typeof x === "number" ? x : 0, y: typeof y === "number" ? y : 0 };
};

export function moveNodes(graph: Graph, moves: ReadonlyMap<number, Position>): Graph {
  if (!moves.size) return graph;
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const to = moves.get(n.id);
      if (!to) return n;
      const at = positionOf(n);
      if (Math.round(at.x) === Math.round(to.x) && Math.round(at.y) === Math.round(to.y)) return n;
      return {
        ...n,
        nodeConfig: { ...n.nodeConfig, extension: { ...extensionOf(n), x: Math.round(to.x), y: Math.round(to.y) } },
      };
    }),
  };
}

/** A node's drawn box: its stored size, else the default (general nodes draw taller than 44 with their description). */
function boxOf(node: GraphNode) {
  const ext = extensionOf(node) as { width?: number; height?: number };
  const size = defaultSize(node.type);
  const at = positionOf(node);
  return { ...at, width: ext.width || size.width, height: ext.height || Math.max(size.height, 80) };
}

/** The first place at or below `at` where a new node of `type` overlaps no node of its scope. */
export function freeSpot(graph: Graph, scope: number | null, at: Position, type: NodeType): Position {
  const size = defaultSize(type);
  const boxes = graph.nodes.filter((n) => n.loopNodeId === scope).map(boxOf);
  const spot = { x: Math.round(at.x), y: Math.round(at.y) };
  const gap = 20;
  for (let i = 0; i < 200; i++) {
    const hit = boxes.find(
      (b) =>
        spot.x < b.x + b.width + gap &&
        b.x < spot.x + size.width + gap &&
        spot.y < b.y + b.height + gap &&
        b.y < spot.y + Math.max(size.height, 80) + gap,
    );
    if (!hit) return spot;
    spot.y = hit.y + hit.height + gap;
  }
  return spot;
}

/** The whole-graph save body (`POST /api/workflow/save`). */
export function saveBody(
  graph: Graph,
  meta: { id: number; editVersion: number; force?: boolean; extension?: Record<string, unknown> },
): SaveWorkflowInput {
  const strip = (n: GraphNode) => ({
    id: n.id,
    name: n.name,
    description: n.description,
    type: n.type,
    nodeConfig: n.nodeConfig,
    nextNodeIds: n.nextNodeIds,
    loopNodeId: n.loopNodeId,
    typeId: n.typeId,
    ...(n.type === "Loop" ? { innerStartNodeId: n.innerStartNodeId, innerEndNodeId: n.innerEndNodeId } : {}),
  });
  const fixed = new Set([graph.startNodeId, graph.endNodeId]);
  const find = (id: number) => strip(graph.nodes.find((n) => n.id === id)!);
  return {
    workflowConfig: {
      id: meta.id,
      editVersion: meta.editVersion,
      ...(meta.force ? { forceCommit: 1 as const } : {}),
      ...(meta.extension ? { extension: meta.extension } : {}),
      startNode: find(graph.startNodeId),
      endNode: find(graph.endNodeId),
      nodes: graph.nodes.filter((n) => !fixed.has(n.id)).map(strip),
    },
  };
}

/** The graph as the node forms read it (FormGraph of forms/graph.ts): Start, End and everything else flat. */
export function formGraph(graph: Graph) {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return {
    startNode: byId.get(graph.startNodeId) ?? null,
    endNode: byId.get(graph.endNodeId) ?? null,
    nodes: graph.nodes.filter((n) => n.id !== graph.startNodeId && n.id !== graph.endNodeId),
  };
}

/**
 * The nodes in reading order for the outline: a walk from Start along the ports (branches in order), then
 * anything unreachable; loop bodies are listed under their Loop.
 */
export function readingOrder(graph: Graph, scope: number | null = null): GraphNode[] {
  const members = graph.nodes.filter((n) => n.loopNodeId === scope);
  const byId = new Map(members.map((n) => [n.id, n]));
  const first =
    scope === null
      ? byId.get(graph.startNodeId)
      : members.find((n) => n.id === graph.nodes.find((l) => l.id === scope)?.innerStartNodeId);
  const order: GraphNode[] = [];
  const seen = new Set<number>();
  const queue = first ? [first] : [];
  while (queue.length) {
    const node = queue.shift()!;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    order.push(node);
    for (const port of portsOf(node)) for (const t of targetsAt(node, port)) if (byId.has(t)) queue.push(byId.get(t)!);
  }
  const rest = members.filter((n) => !seen.has(n.id));
  // End comes last at the top level even when unreachable.
  return [...order, ...rest].sort((a, b) => Number(a.id === graph.endNodeId) - Number(b.id === graph.endNodeId));
}

/** Each port of a node with the names of the nodes it leads to (for the outline and the run panel). */
export function portTargets(graph: Graph, node: GraphNode) {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return portsOf(node).map((port) => ({
    port,
    targets: targetsAt(node, port)
      .map((id) => byId.get(id))
      .filter((n): n is GraphNode => Boolean(n)),
  }));
}
