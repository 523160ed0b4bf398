import { definitionOf } from "./nodes";
import { type Edge, EXCEPTION, OUT, type WorkflowGraph, type WorkflowNode } from "./types";

/**
 * A scope is the top level of the workflow or one Loop's body: its own start and end node and the edges
 * between its members. Edges never cross scopes (validation says so); a loop reaches its body only through
 * its inner LoopStart / LoopEnd.
 */
export interface Scope {
  loopId: number | null;
  start: number;
  end: number;
  members: number[];
  /** Members reachable from `start`, in breadth-first order: the only nodes a run of this scope considers. */
  reachable: number[];
  /** How many edges from reachable members arrive at each reachable member: the join count. */
  indegree: Map<number, number>;
}

export interface GraphIndex {
  graph: WorkflowGraph;
  byId: Map<number, WorkflowNode>;
  /** Outgoing edges kept by the executor: to existing nodes in the same scope, without duplicates. */
  outgoing: Map<number, Edge[]>;
  /** Edges that were dropped (missing target or crossing a scope), for validation to name. */
  dropped: Edge[];
  scopes: Map<number | null, Scope>;
}

/** The original client nests loop children in `innerNodes`; the engine works on one flat list. */
export function flattenNodes(nodes: WorkflowNode[]): WorkflowNode[] {
  const out: WorkflowNode[] = [];
  const visit = (list: WorkflowNode[], loopId: number | null) => {
    for (const node of list) {
      out.push(loopId !== null && node.loopNodeId == null ? { ...node, loopNodeId: loopId } : node);
      if (node.innerNodes?.length) visit(node.innerNodes, node.id);
    }
  };
  visit(nodes, null);
  return out;
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v) => typeof v === "number") : []);

/** Every edge a node draws, by port, as the editor derives them (reference original-frontend.md §3.1). */
export function portsOf(node: WorkflowNode): { port: string; targets: number[] }[] {
  const definition = definitionOf(node.type);
  const ports = definition?.ports ? definition.ports(node) : [{ port: OUT, targets: ids(node.nextNodeIds) }];
  const handling = node.nodeConfig?.exceptionHandleConfig;
  if (definition?.kind.exceptionHandling && handling?.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW") {
    ports.push({ port: EXCEPTION, targets: ids(handling.exceptionHandleNodeIds) });
  }
  return ports;
}

export function indexGraph(graph: WorkflowGraph): GraphIndex {
  const nodes = flattenNodes(graph.nodes);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const outgoing = new Map<number, Edge[]>();
  const dropped: Edge[] = [];
  for (const node of nodes) {
    const edges: Edge[] = [];
    for (const { port, targets } of portsOf(node)) {
      for (const to of targets) {
        const edge = { from: node.id, port, to };
        const target = byId.get(to);
        if (!target || (target.loopNodeId ?? null) !== (node.loopNodeId ?? null) || to === node.id) {
          dropped.push(edge);
          continue;
        }
        // A node has few edges: a scan is cheaper than a set built for every node of every run.
        if (!edges.some((e) => e.port === port && e.to === to)) edges.push(edge);
      }
    }
    outgoing.set(node.id, edges);
  }
  const scopes = new Map<number | null, Scope>();
  scopes.set(null, scopeOf(null, graph.startNodeId, graph.endNodeId, nodes, outgoing));
  for (const loop of nodes) {
    if (loop.type !== "Loop") continue;
    scopes.set(loop.id, scopeOf(loop.id, loop.innerStartNodeId ?? -1, loop.innerEndNodeId ?? -1, nodes, outgoing));
  }
  return { graph, byId, outgoing, dropped, scopes };
}

function scopeOf(
  loopId: number | null,
  start: number,
  end: number,
  nodes: WorkflowNode[],
  outgoing: Map<number, Edge[]>,
): Scope {
  const members = nodes.filter((n) => (n.loopNodeId ?? null) === loopId).map((n) => n.id);
  const memberSet = new Set(members);
  const reachable: number[] = [];
  const indegree = new Map<number, number>();
  if (memberSet.has(start)) {
    const seen = new Set([start]);
    reachable.push(start);
    for (let i = 0; i < reachable.length; i++) {
      for (const edge of outgoing.get(reachable[i]!) ?? []) {
        indegree.set(edge.to, (indegree.get(edge.to) ?? 0) + 1);
        if (!seen.has(edge.to)) {
          seen.add(edge.to);
          reachable.push(edge.to);
        }
      }
    }
  }
  return { loopId, start, end, members, reachable, indegree };
}

const incomingCache = new WeakMap<GraphIndex, Map<number, number[]>>();

/** Predecessors of every node (edges never cross scopes, so one map serves all scopes). */
function incomingOf(index: GraphIndex) {
  let incoming = incomingCache.get(index);
  if (incoming) return incoming;
  incoming = new Map();
  for (const [from, edges] of index.outgoing) {
    for (const edge of edges) {
      const list = incoming.get(edge.to);
      if (list) list.push(from);
      else incoming.set(edge.to, [from]);
    }
  }
  incomingCache.set(index, incoming);
  return incoming;
}

/** Nodes from which `target` can be reached inside the scope (reverse search), `target` included. */
export function reachingTo(index: GraphIndex, target: number): Set<number> {
  const incoming = incomingOf(index);
  const seen = new Set<number>([target]);
  const queue = [target];
  while (queue.length) {
    for (const from of incoming.get(queue.pop()!) ?? []) {
      if (!seen.has(from)) {
        seen.add(from);
        queue.push(from);
      }
    }
  }
  return seen;
}

/**
 * Ancestry of every node as bit sets, built once: a node's ancestors are its predecessors and theirs, and for a
 * loop child also its loop and the loop's ancestors. Asking "is A upstream of B" is then one bit test, so
 * checking every reference stays linear in practice even on 1000-node chains. Cycles (reported elsewhere)
 * simply stop the walk.
 */
export function ancestry(index: GraphIndex): (nodeId: number, candidate: number) => boolean {
  const ordinal = new Map<number, number>();
  for (const id of index.byId.keys()) ordinal.set(id, ordinal.size);
  const words = Math.ceil(ordinal.size / 32) || 1;
  const incoming = incomingOf(index);
  const memo = new Map<number, Uint32Array>();
  const visiting = new Set<number>();
  const mark = (bits: Uint32Array, id: number) => {
    const i = ordinal.get(id)!;
    bits[i >>> 5]! |= 1 << (i & 31);
  };
  const merge = (into: Uint32Array, from: Uint32Array) => {
    for (let w = 0; w < words; w++) into[w]! |= from[w]!;
  };
  const of = (id: number): Uint32Array => {
    const known = memo.get(id);
    if (known) return known;
    const bits = new Uint32Array(words);
    if (visiting.has(id)) return bits;
    visiting.add(id);
    for (const from of incoming.get(id) ?? []) {
      merge(bits, of(from));
      mark(bits, from);
    }
    const loopId = index.byId.get(id)?.loopNodeId;
    if (loopId != null && index.byId.has(loopId)) {
      merge(bits, of(loopId));
      mark(bits, loopId);
    }
    visiting.delete(id);
    memo.set(id, bits);
    return bits;
  };
  return (nodeId, candidate) => {
    const i = ordinal.get(candidate);
    if (i === undefined || !index.byId.has(nodeId)) return false;
    return ((of(nodeId)[i >>> 5]! >>> (i & 31)) & 1) === 1;
  };
}

/** A cycle inside one scope, as the ids along it, or null. */
export function findCycle(index: GraphIndex, scope: Scope): number[] | null {
  const state = new Map<number, 1 | 2>();
  const path: number[] = [];
  const visit = (id: number): number[] | null => {
    state.set(id, 1);
    path.push(id);
    for (const edge of index.outgoing.get(id) ?? []) {
      const s = state.get(edge.to);
      if (s === 1) return path.slice(path.indexOf(edge.to));
      if (s === undefined) {
        const found = visit(edge.to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(id, 2);
    return null;
  };
  for (const id of scope.members) {
    if (state.has(id)) continue;
    const found = visit(id);
    if (found) return found;
  }
  return null;
}
