import { CircleAlert } from "lucide-react";
import { useMemo, useState } from "react";
import { nodeKinds } from "#contract/workflow-nodes";
import { ExceptionSettings, validateException } from "./exception";
import { type FormGraph, type FormNode, findNode, referenceOptions, upstreamOf } from "./graph";
import { formOf } from "./registry";
import type { FormContext, NodeConfig } from "./types";
import { useNodeOptions } from "./use-options";
import { TextAreaField, TextField } from "./widgets";

export interface NodeFormProps {
  /** The workflow as contract/api/workflow.ts types it (details or save body). */
  graph: FormGraph;
  nodeId: number;
  spaceId: number;
  /** The whole edited node, after every change (the canvas saves it). */
  onChange: (node: FormNode) => void;
  /** Validation messages for this node (from the server's check or the canvas). */
  errors?: readonly string[];
}

/** Everything a node's problems are computed from: its own form's checks and the exception settings'. */
export function nodeProblems(node: FormNode, references: FormContext["references"], graph: FormGraph): string[] {
  const form = formOf(node.type);
  const problems = [...(form.validate?.(node, references, graph) ?? [])];
  if (!node.name.trim()) problems.unshift("节点名称不能为空");
  if (nodeKinds[node.type]?.exceptionHandling) problems.push(...validateException(node.nodeConfig ?? {}));
  return problems;
}

/**
 * The side-panel form of one node: name and description, the node type's own form (registry.ts), exception
 * settings where the kind allows them, and the node's problems. Edits stay in a draft that follows the graph
 * when the node changes elsewhere (undo, another tab), and every edit hands the whole node to `onChange`.
 */
export function NodeForm({ graph, nodeId, spaceId, onChange, errors }: NodeFormProps) {
  const stored = useMemo(() => findNode(graph, nodeId), [graph, nodeId]);
  const [draft, setDraft] = useState(stored);
  const storedJson = JSON.stringify(stored ?? null);
  const [seen, setSeen] = useState(storedJson);
  // The graph's copy of the node changed (undo, a restore, another tab): show it unless it is the form's own edit
  // coming back. A canvas that does not echo edits into the graph at once leaves the draft alone.
  if (storedJson !== seen) {
    setSeen(storedJson);
    if (stored && storedJson !== JSON.stringify(draft ?? null)) setDraft(stored);
  }
  const upstream = useMemo(() => upstreamOf(graph, nodeId), [graph, nodeId]);
  const references = useMemo(() => referenceOptions(upstream), [upstream]);
  const { options, loadTarget } = useNodeOptions(spaceId);

  const node = draft && draft.id === nodeId ? draft : stored;
  if (!node) return <p className="p-4 text-[13px] text-gray-500">节点不存在或已删除。</p>;

  const commit = (next: FormNode) => {
    setDraft(next);
    onChange(next);
  };
  const config: NodeConfig = node.nodeConfig ?? {};
  const set = (patch: NodeConfig) => commit({ ...node, nodeConfig: { ...config, ...patch } });
  const setNode = (patch: Partial<FormNode>) => commit({ ...node, ...patch });
  const ctx: FormContext = { graph, spaceId, upstream, references, options, loadTarget };
  const kind = nodeKinds[node.type];
  const { Form } = formOf(node.type);
  const problems = nodeProblems(node, references, graph);
  const shown = [...new Set([...(errors ?? []), ...problems])];

  return (
    <form
      aria-label={`${kind?.label ?? node.type}节点设置`}
      className="flex flex-col gap-3 p-4 text-[13px]"
      onSubmit={(e) => e.preventDefault()}
    >
      <p className="text-[12px] text-gray-500">{kind?.label ?? node.type}</p>
      <TextField label="节点名称" value={node.name} maxLength={64} onChange={(name) => setNode({ name })} />
      <TextAreaField
        label="节点描述"
        rows={2}
        value={node.description ?? ""}
        onChange={(description) => setNode({ description })}
      />
      {shown.length ? (
        // A status, not an alert: the list changes as the user types and should not interrupt them each time.
        <div role="status" aria-label="待完善" className="flex gap-2 rounded-md bg-danger-50 px-3 py-2 text-danger-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <ul className="flex flex-col gap-0.5">
            {shown.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form node={node} config={config} set={set} setNode={setNode} ctx={ctx} />
      {kind?.exceptionHandling ? <ExceptionSettings config={config} set={set} /> : null}
    </form>
  );
}
