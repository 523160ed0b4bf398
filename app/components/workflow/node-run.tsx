import { Play } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "#app/components/ui/button";
import type { Arg } from "#contract/args";
import type { GraphNode } from "./graph";
import { ParamFields, readParams } from "./run-panel";
import type { RunState } from "./use-test-run";

/** The arguments a node takes from upstream nodes: run alone, the builder gives their values instead. */
export function referencedArgs(node: GraphNode): Arg[] {
  const args = (node.nodeConfig as { inputArgs?: Arg[] }).inputArgs ?? [];
  return args.filter((arg) => arg.bindValueType === "Reference");
}

interface NodeRunProps {
  node: GraphNode;
  run: RunState;
  onRun: (nodeId: number, params: Record<string, unknown>) => void;
}

/**
 * 单独运行: one node run on its own with sample values for its referenced arguments; its input, output, time and
 * error show in the node's result below, as after a full 试运行. Kinds that cannot run alone are refused by the
 * server with a message naming the kind.
 */
export function NodeRun({ node, run, onRun }: NodeRunProps) {
  const [error, setError] = useState<string | null>(null);
  const args = referencedArgs(node);
  const busy = run.phase === "running";
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readParams(new FormData(event.currentTarget), args);
    if ("error" in read) return setError(read.error);
    setError(null);
    onRun(node.id, read.params);
  };
  const failure = error ?? (run.phase === "failed" ? (run.error ?? run.final?.message ?? "运行失败") : null);
  return (
    <details className="border-gray-100 border-t px-4 py-3 text-[13px]">
      <summary className="cursor-pointer font-medium text-gray-800">单独运行此节点</summary>
      <form onSubmit={submit} noValidate aria-label="单独运行此节点" className="mt-3 flex flex-col gap-3">
        <ParamFields args={args} empty="此节点没有引用上游节点的参数，直接运行即可。" />
        {failure ? (
          <p role="alert" className="text-danger-600">
            {failure}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={busy} disabled={busy}>
            <Play className="size-4" aria-hidden />
            运行节点
          </Button>
        </div>
      </form>
    </details>
  );
}
