import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
  type Viewport,
} from "@xyflow/react";
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { NodeType } from "#contract/workflow-nodes";
import { type FlowNode, nodeTypes } from "./flow-nodes";
import {
  connect,
  connectProblem,
  defaultSize,
  disconnect,
  edgesOf,
  FIXED_TYPES,
  type Graph,
  type GraphEdge,
  type GraphNode,
  moveNodes,
  type Position,
  portsOf,
  positionOf,
  removeNodes,
} from "./graph";
import { DRAG_TYPE } from "./palette";
import type { NodeRun } from "./use-test-run";

/** Where a palette item was dropped: in a Loop (position relative to it) and/or on an edge. */
export interface Drop {
  type: NodeType;
  position: Position;
  loopNodeId: number | null;
  edge: GraphEdge | null;
}

interface CanvasProps {
  graph: Graph;
  commit: (next: (g: Graph) => Graph, mergeKey?: string) => void;
  runs: Record<number, NodeRun>;
  problems: ReadonlyMap<number, string[]>;
  onSelect: (nodeId: number | null) => void;
  onDrop: (drop: Drop) => void;
  defaultViewport?: Viewport;
  onViewport: (viewport: Viewport) => void;
}

const depth = (graph: Graph, node: GraphNode) => {
  let d = 0;
  for (let at = node.loopNodeId; at !== null && d < 20; d++)
    at = graph.nodes.find((n) => n.id === at)?.loopNodeId ?? null;
  return d;
};

function toFlowNode(
  node: GraphNode,
  run: NodeRun | undefined,
  problems: string[] | undefined,
  selected: boolean,
): FlowNode {
  const ext = (node.nodeConfig.extension ?? {}) as { width?: number; height?: number };
  const loop = node.type === "Loop";
  const size = defaultSize(node.type);
  return {
    id: String(node.id),
    type: loop ? "loop" : "general",
    position: positionOf(node),
    ...(node.loopNodeId !== null ? { parentId: String(node.loopNodeId), extent: "parent" as const } : {}),
    ...(loop ? { style: { width: ext.width || size.width, height: ext.height || size.height } } : {}),
    deletable: !FIXED_TYPES.has(node.type),
    selected,
    ariaLabel: `节点 ${node.name}`,
    data: { node, ports: portsOf(node), run, problems },
  };
}

/**
 * The drawing: nodes follow the graph (a node object is rebuilt only when its graph node, run or problems
 * change, so a drag redraws one node), edges are derived from it; every edit goes back through `commit`.
 */
export function Canvas({ graph, commit, runs, problems, onSelect, onDrop, defaultViewport, onViewport }: CanvasProps) {
  const flow = useReactFlow<FlowNode>();
  const [nodes, setNodes] = useState<FlowNode[]>([]);
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const built = useRef(new Map<number, { node: GraphNode; run?: NodeRun; problems?: string[] }>());
  const fitting = useRef(!defaultViewport);

  useEffect(() => {
    setNodes((prev) => {
      const before = new Map(prev.map((n) => [n.id, n]));
      const ordered = [...graph.nodes].sort((a, b) => depth(graph, a) - depth(graph, b));
      const cache = built.current;
      const next = ordered.map((node) => {
        const old = before.get(String(node.id));
        const hit = cache.get(node.id);
        const run = runs[node.id];
        const issues = problems.get(node.id);
        if (old && hit && hit.node === node && hit.run === run && hit.problems === issues) return old;
        cache.set(node.id, { node, run, problems: issues });
        return toFlowNode(node, run, issues, old?.selected ?? false);
      });
      return next.length === prev.length && next.every((n, i) => n === prev[i]) ? prev : next;
    });
  }, [graph, runs, problems]);

  const edges = useMemo<Edge[]>(
    () =>
      edgesOf(graph).map((e) => ({
        id: e.id,
        source: String(e.source),
        sourceHandle: e.sourceHandle,
        target: String(e.target),
        targetHandle: e.targetHandle,
        deletable: e.deletable,
        selected: selectedEdges.has(e.id),
        animated: runs[e.source]?.status === "FINISHED" && runs[e.target]?.status === "EXECUTING",
        style: e.sourceHandle.endsWith("-exception-out") ? { stroke: "var(--color-danger-600)" } : undefined,
        data: { edge: e },
      })),
    [graph, selectedEdges, runs],
  );

  const onNodesChange = useCallback((changes: NodeChange<FlowNode>[]) => {
    // Removal goes through onDelete (one undo step for nodes and edges together).
    setNodes((ns) =>
      applyNodeChanges(
        changes.filter((c) => c.type !== "remove"),
        ns,
      ),
    );
  }, []);

  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const selects = changes.filter((c) => c.type === "select");
    if (!selects.length) return;
    setSelectedEdges((s) => {
      const next = new Set(s);
      for (const c of selects) c.selected ? next.add(c.id) : next.delete(c.id);
      return next;
    });
  }, []);

  const onDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: FlowNode[]; edges: Edge[] }) => {
      commit((g) => {
        let next = removeNodes(
          g,
          gone.map((n) => Number(n.id)),
        );
        for (const e of cut) {
          const edge = (e.data as { edge?: GraphEdge } | undefined)?.edge;
          if (edge?.deletable) next = disconnect(next, edge);
        }
        return next;
      });
    },
    [commit],
  );

  const onConnect = useCallback(
    (c: Connection) => commit((g) => connect(g, Number(c.source), c.sourceHandle, Number(c.target))),
    [commit],
  );
  const isValidConnection = useCallback(
    (c: Connection | Edge) => connectProblem(graph, Number(c.source), c.sourceHandle, Number(c.target)) === null,
    [graph],
  );

  const onNodeDragStop = useCallback(
    (_: unknown, __: FlowNode, moved: FlowNode[]) =>
      commit((g) => moveNodes(g, new Map(moved.map((n) => [Number(n.id), n.position])))),
    [commit],
  );

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  }, []);

  const handleDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(DRAG_TYPE) as NodeType;
      if (!type) return;
      event.preventDefault();
      const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      // The innermost Loop under the pointer takes the node.
      let loop: { id: number; x: number; y: number; area: number } | null = null;
      for (const n of graph.nodes) {
        if (n.type !== "Loop") continue;
        const internal = flow.getInternalNode(String(n.id));
        if (!internal) continue;
        const { x, y } = internal.internals.positionAbsolute;
        const w = internal.measured.width ?? 0;
        const h = internal.measured.height ?? 0;
        if (at.x >= x && at.x <= x + w && at.y >= y && at.y <= y + h && (!loop || w * h < loop.area))
          loop = { id: n.id, x, y, area: w * h };
      }
      const edgeEl = document
        .elementsFromPoint(event.clientX, event.clientY)
        .map((el) => el.closest(".react-flow__edge"))
        .find(Boolean);
      const edge = edges.find((e) => e.id === edgeEl?.getAttribute("data-id"))?.data?.edge as GraphEdge | undefined;
      const loopNodeId = loop?.id ?? null;
      const inScope = edge && graph.nodes.find((n) => n.id === edge.source)?.loopNodeId === loopNodeId;
      onDrop({
        type,
        position: { x: at.x - (loop?.x ?? 0), y: at.y - (loop?.y ?? 0) },
        loopNodeId,
        edge: inScope ? edge : null,
      });
    },
    [flow, graph, edges, onDrop],
  );

  return (
    <ReactFlow<FlowNode>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onDelete={onDelete}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onNodeDragStop={onNodeDragStop}
      onSelectionChange={({ nodes: picked }) => onSelect(picked.length === 1 ? Number(picked[0]!.id) : null)}
      onDragOver={onDragOver}
      onDrop={handleDrop}
      onMoveEnd={(event, viewport) => {
        // The fit to the graph on opening (no saved view yet) is not the builder's: opening changes nothing.
        const opening = fitting.current && !event;
        fitting.current = false;
        if (!opening) onViewport(viewport);
      }}
      deleteKeyCode={["Delete", "Backspace"]}
      multiSelectionKeyCode={["Meta", "Control", "Shift"]}
      defaultViewport={defaultViewport}
      fitView={!defaultViewport}
      minZoom={0.1}
      maxZoom={4}
      onlyRenderVisibleElements
      proOptions={{ hideAttribution: true }}
      aria-label="工作流画布"
    >
      <Background gap={16} />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable ariaLabel="小地图" className="!hidden md:!block" />
    </ReactFlow>
  );
}
