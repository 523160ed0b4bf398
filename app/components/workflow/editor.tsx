import "@xyflow/react/dist/style.css";
import { ReactFlowProvider, useReactFlow, type Viewport } from "@xyflow/react";
import { FlaskConical, Redo2, Send, Undo2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { toast } from "#app/lib/toast";
import type { WorkflowDetail } from "#contract/api/workflow";
import type { Arg } from "#contract/args";
import type { NodeType } from "#contract/workflow-nodes";
import { addNode, copyNode, type NodeCheck, problemsOf, validate } from "./api";
import { Canvas, type Drop } from "./canvas";
import { EditorDrawer, type Panel } from "./editor-drawer";
import { PlusContext } from "./flow-nodes";
import {
  addNodes,
  connect,
  defaultSize,
  FIXED_TYPES,
  freeSpot,
  fromChildNode,
  fromDetail,
  type GraphEdge,
  insertOnEdge,
  moveNodes,
  type Position,
  portsOf,
  positionOf,
} from "./graph";
import { Palette } from "./palette";
import { SaveState } from "./save-state";
import { useAutosave } from "./use-autosave";
import { useEditorKeys } from "./use-editor-keys";
import { useGraphHistory } from "./use-graph-history";
import { useTestRun } from "./use-test-run";
import { WorkflowHeader, workflowPath } from "./workflow-header";

interface EditorProps {
  workflow: WorkflowDetail;
  historyHref: string;
}

/** The editor (client only): palette, canvas, side drawer, autosave, undo/redo, keyboard, test runs. */
export function WorkflowEditor(props: EditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}

interface Where {
  position: Position;
  loopNodeId: number | null;
  edge?: GraphEdge | null;
  after?: { source: number; handle: string };
}

function Editor({ workflow, historyHref }: EditorProps) {
  const { graph, commit, undo, redo, canUndo, canRedo } = useGraphHistory(fromDetail(workflow));
  const [problems, setProblems] = useState<ReadonlyMap<number, string[]>>(new Map());
  const onChecks = useCallback((checks: NodeCheck[]) => setProblems(problemsOf(checks)), []);
  // A stored graph's problems are marked on its nodes from the start, not only after the first save here.
  useEffect(() => {
    void validate(workflow.id).then((r) => r.code === "0000" && r.data && onChecks(r.data));
  }, [workflow.id, onChecks]);
  const [extension, setExtension] = useState(workflow.extension);
  const autosave = useAutosave({
    workflowId: workflow.id,
    graph,
    extension,
    editVersion: workflow.editVersion,
    modified: workflow.modified,
    onChecks,
  });
  const test = useTestRun(workflow.spaceId, workflow.id, onChecks);
  const [selected, setSelected] = useState<number | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [pending, setPending] = useState<{ source: number; handle: string } | null>(null);
  const flow = useReactFlow();
  const navigate = useNavigate();
  const canvasBox = useRef<HTMLDivElement>(null);

  const place = useCallback(
    async (type: NodeType, where: Where) => {
      const res = await autosave.serverOp((editVersion) =>
        addNode(workflow.id, editVersion, {
          type,
          loopNodeId: where.loopNodeId,
          extension: { x: Math.round(where.position.x), y: Math.round(where.position.y) },
        }),
      );
      if (res.code !== "0000" || !res.data) return void toast.error(res.message || "添加节点失败");
      const added = fromChildNode(res.data.node);
      const node = added[0]!;
      commit((g) => {
        if (where.edge) return addNodes(insertOnEdge(g, where.edge, node), added);
        if (!where.after) return addNodes(g, added);
        // A node added meanwhile (node/add waits behind pending saves) may sit where this one was aimed.
        const spot = freeSpot(g, node.loopNodeId, where.position, type);
        const next = moveNodes(addNodes(g, added), new Map([[node.id, spot]]));
        return connect(next, where.after.source, where.after.handle, node.id);
      });
      setSelected(node.id);
      setPanel((p) => (p === "run" ? p : "node"));
      flow.setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === String(node.id) })));
    },
    [autosave, workflow.id, commit, flow],
  );

  const onPaletteAdd = useCallback(
    (type: NodeType) => {
      const source = pending ? graph.nodes.find((n) => n.id === pending.source) : undefined;
      if (pending && source) {
        const index = Math.max(
          0,
          portsOf(source).findIndex((p) => p.id === pending.handle),
        );
        const at = positionOf(source);
        const width = (source.nodeConfig.extension as { width?: number })?.width || defaultSize(source.type).width;
        setPending(null);
        return void place(type, {
          position: freeSpot(graph, source.loopNodeId, { x: at.x + width + 80, y: at.y + index * 90 }, type),
          loopNodeId: source.loopNodeId,
          after: pending,
        });
      }
      const box = canvasBox.current?.getBoundingClientRect();
      const center = box ? { x: box.left + box.width / 2, y: box.top + box.height / 3 } : { x: 400, y: 300 };
      void place(type, { position: flow.screenToFlowPosition(center), loopNodeId: null });
    },
    [pending, graph, place, flow],
  );

  const onDrop = useCallback(
    (drop: Drop) => void place(drop.type, { position: drop.position, loopNodeId: drop.loopNodeId, edge: drop.edge }),
    [place],
  );

  const onPlus = useCallback((source: number, handle: string) => setPending({ source, handle }), []);

  const paste = useCallback(
    async (ids: number[]) => {
      if (!(await autosave.flush())) return void toast.error("请先解决保存问题再粘贴");
      for (const id of ids) {
        const res = await autosave.serverOp((v) => copyNode(workflow.id, v, id));
        if (res.code !== "0000" || !res.data) return void toast.error(res.message || "粘贴失败");
        const copies = fromChildNode(res.data.node);
        commit((g) => addNodes(g, copies));
      }
    },
    [autosave, workflow.id, commit],
  );

  const selectedIds = useCallback(
    () =>
      flow
        .getNodes()
        .filter((n) => n.selected)
        .map((n) => Number(n.id))
        .filter((id) => {
          const node = graph.nodes.find((g) => g.id === id);
          return node && !FIXED_TYPES.has(node.type);
        }),
    [flow, graph],
  );
  useEditorKeys({ undo, redo, copy: selectedIds, paste, flow });

  const publish = useCallback(async () => {
    if (!(await autosave.flush())) return void toast.error("保存未完成，请稍后再发布");
    const res = await validate(workflow.id);
    if (res.code !== "0000" || !res.data) return void toast.error(res.message || "校验失败");
    const failed = problemsOf(res.data);
    setProblems(failed);
    if (failed.size) return setPanel("problems");
    navigate(`${workflowPath(workflow)}/publish`);
  }, [autosave, workflow, navigate]);
  const [checking, setChecking] = useState(false);

  const startRun = useCallback(
    async (params: Record<string, unknown>) => {
      if (!(await autosave.flush())) return void toast.error("保存未完成，请稍后再运行");
      void test.start(params);
    },
    [autosave, test],
  );

  // A node runs as stored: what the builder just typed is saved first.
  const runNode = useCallback(
    async (nodeId: number, params: Record<string, unknown>) => {
      if (!(await autosave.flush())) return void toast.error("保存未完成，请稍后再运行");
      void test.runNode(nodeId, params);
    },
    [autosave, test],
  );

  const focusNode = useCallback(
    (id: number) => {
      setSelected(id);
      flow.setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === String(id) })));
      const node = flow.getInternalNode(String(id));
      if (node) {
        const { x, y } = node.internals.positionAbsolute;
        void flow.setCenter(x + (node.measured.width ?? 0) / 2, y + (node.measured.height ?? 0) / 2, {
          zoom: flow.getZoom(),
          duration: 200,
        });
      }
    },
    [flow],
  );

  // Only a moved view is a change to save (the canvas reports the end of every gesture, moved or not).
  const onViewport = useCallback(
    (v: Viewport) =>
      setExtension((e) =>
        e.size === v.zoom && e.x === v.x && e.y === v.y ? e : { ...e, size: v.zoom, x: v.x, y: v.y },
      ),
    [],
  );
  const start = graph.nodes.find((n) => n.id === graph.startNodeId);
  const args = (start?.nodeConfig.inputArgs ?? []) as Arg[];
  const names = useMemo(() => new Map(graph.nodes.map((n) => [n.id, n.name])), [graph]);
  const pendingLabel = pending
    ? `「${names.get(pending.source) ?? ""}」${portsOf(graph.nodes.find((n) => n.id === pending.source)!)?.find((p) => p.id === pending.handle)?.label ?? ""}`
    : null;
  const saved = extension as { size?: number; x?: number; y?: number };
  const defaultViewport =
    typeof workflow.extension.size === "number" && typeof workflow.extension.x === "number"
      ? { zoom: saved.size ?? 1, x: saved.x ?? 0, y: saved.y ?? 0 }
      : undefined;

  return (
    <div className="flex h-screen flex-col">
      <WorkflowHeader
        workflow={workflow}
        historyHref={historyHref}
        status={<SaveState autosave={autosave} />}
        publish={
          workflow.permissions.includes("Publish") ? (
            <Button
              size="sm"
              loading={checking}
              onClick={() => {
                setChecking(true);
                void publish().finally(() => setChecking(false));
              }}
            >
              <Send className="size-4" aria-hidden />
              {checking ? "校验中" : "发布"}
            </Button>
          ) : null
        }
      >
        <Button variant="ghost" size="sm" onClick={undo} disabled={!canUndo} aria-label="撤销" title="撤销 (Ctrl+Z)">
          <Undo2 className="size-4" aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={redo}
          disabled={!canRedo}
          aria-label="重做"
          title="重做 (Ctrl+Shift+Z)"
        >
          <Redo2 className="size-4" aria-hidden />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setPanel("run")}>
          <FlaskConical className="size-4" aria-hidden />
          试运行
        </Button>
      </WorkflowHeader>
      <div className="flex min-h-0 flex-1">
        <Palette onAdd={onPaletteAdd} pending={pendingLabel} onCancelPending={() => setPending(null)} />
        <div ref={canvasBox} className="relative min-w-0 flex-1">
          <PlusContext.Provider value={onPlus}>
            <Canvas
              graph={graph}
              commit={commit}
              runs={test.run.nodes}
              problems={problems}
              onSelect={(id) => {
                setSelected(id);
                if (id !== null) setPanel((p) => (p === null ? "node" : p));
              }}
              onDrop={onDrop}
              defaultViewport={defaultViewport}
              onViewport={onViewport}
            />
          </PlusContext.Provider>
        </div>
        <EditorDrawer
          panel={panel}
          onPanel={setPanel}
          graph={graph}
          commit={commit}
          selected={selected}
          spaceId={workflow.spaceId}
          problems={problems}
          test={test}
          args={args}
          names={names}
          onStart={startRun}
          onRunNode={runNode}
          onPick={focusNode}
        />
      </div>
      <SaveState.Conflict autosave={autosave} />
    </div>
  );
}
