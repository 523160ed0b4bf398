import { clsx } from "clsx";
import { X } from "lucide-react";
import { useMemo } from "react";
import type { Arg } from "#contract/args";
import { type FormNode, NodeForm } from "./forms";
import { formGraph, type Graph, type GraphNode, replaceNode } from "./graph";
import { NodeResultView } from "./node-result";
import { NodeRun } from "./node-run";
import { RunPanel } from "./run-panel";
import type { useTestRun } from "./use-test-run";

export type Panel = "node" | "run" | "problems" | null;

interface DrawerProps {
  panel: Panel;
  onPanel: (panel: Panel) => void;
  graph: Graph;
  commit: (next: (g: Graph) => Graph, mergeKey?: string) => void;
  selected: number | null;
  spaceId: number;
  problems: ReadonlyMap<number, string[]>;
  test: ReturnType<typeof useTestRun>;
  args: readonly Arg[];
  names: ReadonlyMap<number, string>;
  onStart: (params: Record<string, unknown>) => void;
  onRunNode: (nodeId: number, params: Record<string, unknown>) => void;
  onPick: (nodeId: number) => void;
}

const toGraphNode = (node: FormNode): GraphNode => ({
  id: node.id,
  name: node.name,
  description: node.description ?? "",
  type: node.type,
  nodeConfig: node.nodeConfig ?? {},
  nextNodeIds: node.nextNodeIds ?? [],
  loopNodeId: node.loopNodeId ?? null,
  innerStartNodeId: node.innerStartNodeId,
  innerEndNodeId: node.innerEndNodeId,
  typeId: node.typeId ?? null,
});

/** The right drawer: the selected node's form (and its last run), the 试运行 panel, or the problems by node. */
export function EditorDrawer(props: DrawerProps) {
  const { panel, onPanel, graph, commit, selected, spaceId, problems, test, names } = props;
  const forms = useMemo(() => formGraph(graph), [graph]);
  const node = selected !== null ? graph.nodes.find((n) => n.id === selected) : undefined;
  if (!panel || (panel === "node" && !node)) return null;
  const tabs = [
    ...(node ? [["node", "节点设置"] as const] : []),
    ["run", "试运行"] as const,
    ...(problems.size ? [["problems", `问题 (${problems.size})`] as const] : []),
  ];
  const run = node ? test.run.nodes[node.id] : undefined;
  return (
    <aside
      aria-label="侧边栏"
      className="flex w-[380px] shrink-0 flex-col overflow-hidden border-gray-200 border-l bg-white"
    >
      <div className="flex items-center gap-1 border-gray-200 border-b px-2 py-1.5">
        <div role="tablist" aria-label="侧边栏内容" className="flex flex-1 gap-1">
          {tabs.map(([key, label]) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={panel === key}
              onClick={() => onPanel(key)}
              className={clsx(
                "rounded-md px-2 py-1 text-[13px]",
                panel === key ? "bg-primary-50 font-medium text-primary-700" : "text-gray-600 hover:bg-gray-100",
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => onPanel(null)}
          aria-label="关闭侧边栏"
          className="rounded p-1 text-gray-500 hover:bg-gray-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {panel === "node" && node ? (
          <>
            <NodeForm
              key={node.id}
              graph={forms}
              nodeId={node.id}
              spaceId={spaceId}
              errors={problems.get(node.id)}
              onChange={(edited) => commit((g) => replaceNode(g, toGraphNode(edited)), `form-${node.id}`)}
            />
            <NodeRun node={node} run={test.run} onRun={props.onRunNode} />
            {run ? (
              <div className="border-gray-100 border-t p-4">
                <NodeResultView key={`${node.id}-${run.results.length}`} run={run} />
              </div>
            ) : null}
          </>
        ) : null}
        {panel === "run" ? (
          <>
            <RunPanel
              args={props.args}
              run={test.run}
              names={names}
              onStart={props.onStart}
              onAnswer={(answer) => void test.answer(answer)}
              onStop={test.stop}
              onPick={props.onPick}
            />
            {node && run ? (
              <div className="border-gray-100 border-t p-4">
                <h3 className="mb-2 font-medium text-[13px]">{node.name}</h3>
                <NodeResultView key={`${node.id}-${run.results.length}`} run={run} />
              </div>
            ) : null}
          </>
        ) : null}
        {panel === "problems" ? (
          <section aria-label="问题列表" className="flex flex-col gap-2 p-4 text-[13px]">
            <p className="text-gray-600">以下节点需要修改后才能发布或运行：</p>
            <ul className="flex flex-col gap-2">
              {[...problems].map(([id, messages]) => (
                <li key={id} className="rounded-md border border-danger-600/30 bg-danger-50 p-2">
                  <button
                    type="button"
                    onClick={() => {
                      props.onPick(id);
                      onPanel("node");
                    }}
                    className="font-medium text-danger-700 hover:underline"
                  >
                    {names.get(id) ?? `节点 ${id}`}
                  </button>
                  <ul className="list-disc pl-5 text-danger-700">
                    {messages.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </aside>
  );
}
