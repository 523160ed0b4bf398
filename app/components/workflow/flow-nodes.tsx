import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { clsx } from "clsx";
import { AlertTriangle, Check, Loader2, MessageCircleQuestion, Plus, X } from "lucide-react";
import { createContext, memo, useContext } from "react";
import { nodeKinds } from "#contract/workflow-nodes";
import { type GraphNode, hasInput, inPort, type Port } from "./graph";
import { NodeIcon } from "./node-icons";
import type { NodeRun } from "./use-test-run";

export interface FlowNodeData extends Record<string, unknown> {
  node: GraphNode;
  ports: Port[];
  run?: NodeRun;
  problems?: string[];
}
export type FlowNode = Node<FlowNodeData>;

/** What a node's "+" asks the editor: add a node after this port. */
export const PlusContext = createContext<(source: number, handle: string) => void>(() => {});

const statusRing = (data: FlowNodeData, selected: boolean) =>
  clsx(
    data.run?.status === "EXECUTING" && "ring-2 ring-primary-500",
    data.run?.status === "FINISHED" && "ring-2 ring-success-600",
    data.run?.status === "FAILED" && "ring-2 ring-danger-600",
    data.run?.status === "STOP_WAIT_ANSWER" && "ring-2 ring-warning-500",
    data.problems?.length ? "border-danger-600" : selected ? "border-primary-600" : "border-gray-200",
  );

const statusText = { EXECUTING: "运行中", FINISHED: "运行成功", FAILED: "运行失败", STOP_WAIT_ANSWER: "等待回答" };

function RunBadge({ run }: { run?: NodeRun }) {
  if (!run) return null;
  const last = run.results.at(-1);
  const ms = last?.endTime ? last.endTime - last.startTime : null;
  const Icon = { EXECUTING: Loader2, FINISHED: Check, FAILED: X, STOP_WAIT_ANSWER: MessageCircleQuestion }[run.status];
  return (
    <span
      className={clsx(
        "ml-auto inline-flex shrink-0 items-center gap-1 text-[11px]",
        run.status === "FAILED" ? "text-danger-700" : run.status === "FINISHED" ? "text-success-700" : "text-gray-600",
      )}
      title={statusText[run.status]}
    >
      <Icon className={clsx("size-3.5", run.status === "EXECUTING" && "animate-spin")} aria-hidden />
      <span className="sr-only">{statusText[run.status]}</span>
      {run.results.length > 1 ? `×${run.results.length}` : null}
      {ms !== null ? `${ms}ms` : null}
    </span>
  );
}

function PortHandle({ nodeId, nodeName, port }: { nodeId: number; nodeName: string; port: Port }) {
  const onPlus = useContext(PlusContext);
  return (
    <>
      <Handle
        type="source"
        position={Position.Right}
        id={port.id}
        className={clsx(
          "!size-3 !border-2 !bg-white",
          port.kind === "exception" ? "!border-danger-600" : "!border-primary-600",
        )}
        aria-label={`${nodeName}${port.label ? ` ${port.label}` : ""} 的输出端口`}
      />
      <button
        type="button"
        className="nodrag nopan -right-8 -translate-y-1/2 absolute top-1/2 flex size-5 items-center justify-center rounded-full border border-primary-200 bg-white text-primary-700 opacity-60 shadow-sm hover:opacity-100 focus-visible:opacity-100"
        aria-label={`在「${nodeName}」${port.label ? `的「${port.label}」` : ""}后添加节点`}
        title="添加节点"
        onClick={(e) => {
          e.stopPropagation();
          onPlus(nodeId, port.id);
        }}
      >
        <Plus className="size-3" aria-hidden />
      </button>
    </>
  );
}

function Header({ data }: { data: FlowNodeData }) {
  const { node, problems } = data;
  return (
    <div className="flex items-center gap-2 px-3 py-2">
      <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-primary-50 text-primary-700">
        <NodeIcon type={node.type} className="size-3.5" />
      </span>
      <span className="min-w-0 truncate font-medium text-gray-900">{node.name}</span>
      {problems?.length ? (
        <span className="shrink-0 text-danger-600" title={problems.join("\n")}>
          <AlertTriangle className="size-3.5" aria-hidden />
          <span className="sr-only">
            有 {problems.length} 个问题：{problems.join("；")}
          </span>
        </span>
      ) : null}
      <RunBadge run={data.run} />
    </div>
  );
}

/** Every node but Loop: header, and either one output port or a row per branch (and the exception port). */
export const GeneralNode = memo(function GeneralNode({ data, selected }: NodeProps<FlowNode>) {
  const { node, ports } = data;
  const single = ports.length === 1 && ports[0]!.kind === "out";
  return (
    <div
      data-node-type={node.type}
      className={clsx("relative rounded-lg border bg-white text-[13px] shadow-sm", statusRing(data, selected))}
      style={{ minWidth: ports.some((p) => p.kind === "branch") ? 300 : 220 }}
    >
      {hasInput(node.type) ? (
        <Handle
          type="target"
          position={Position.Left}
          id={inPort(node.id)}
          className="!size-3 !border-2 !border-gray-400 !bg-white"
          aria-label={`${node.name} 的输入端口`}
        />
      ) : null}
      <Header data={data} />
      {node.type !== "LoopStart" && node.type !== "LoopEnd" ? (
        <p className="truncate px-3 pb-2 text-[12px] text-gray-500">{node.description || nodeKinds[node.type].label}</p>
      ) : null}
      {single ? <PortHandle nodeId={node.id} nodeName={node.name} port={ports[0]!} /> : null}
      {!single && ports.length ? (
        <ul className="flex flex-col border-gray-100 border-t py-1">
          {ports.map((port) => (
            <li key={port.id} className="relative flex h-7 items-center justify-end px-3 text-[12px] text-gray-600">
              <span className={clsx("truncate", port.kind === "exception" && "text-danger-700")}>{port.label}</span>
              <PortHandle nodeId={node.id} nodeName={node.name} port={port} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

/** A Loop: a container its body is drawn inside; its own ports lead in and out of the loop. */
export const LoopNode = memo(function LoopNode({ data, selected }: NodeProps<FlowNode>) {
  const { node, ports } = data;
  return (
    <div
      data-node-type="Loop"
      className={clsx(
        "relative h-full w-full rounded-lg border-2 bg-primary-50/40 text-[13px]",
        statusRing(data, selected),
      )}
    >
      <Handle
        type="target"
        position={Position.Left}
        id={inPort(node.id)}
        className="!size-3 !border-2 !border-gray-400 !bg-white"
        aria-label={`${node.name} 的输入端口`}
      />
      <div className="rounded-t-lg bg-white/80">
        <Header data={data} />
      </div>
      {ports.map((port) => (
        <div key={port.id} className={clsx("absolute right-0", port.kind === "exception" ? "top-3/4" : "top-1/2")}>
          <PortHandle nodeId={node.id} nodeName={node.name} port={port} />
        </div>
      ))}
    </div>
  );
});

export const nodeTypes = { general: GeneralNode, loop: LoopNode };
