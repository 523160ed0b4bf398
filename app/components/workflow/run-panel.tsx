import { clsx } from "clsx";
import { Play, Send, Square } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/input";
import type { Arg } from "#contract/args";
import { JsonBlock } from "./node-result";
import type { RunState } from "./use-test-run";

const isJson = (dataType: string) => dataType === "Object" || dataType.startsWith("Array_");

/** A Start parameter's typed value from its text: numbers, booleans and JSON as their types. */
export function paramValue(text: string, dataType: string): unknown {
  if (isJson(dataType)) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  if (dataType === "Integer" || dataType === "Number") return Number.isFinite(Number(text)) ? Number(text) : undefined;
  if (dataType === "Boolean") return text === "true";
  return text;
}

/** Reads `param.<name>` fields into the run's params; a bad value names its parameter. */
export function readParams(
  form: FormData,
  args: readonly Arg[],
): { params: Record<string, unknown> } | { error: string } {
  const params: Record<string, unknown> = {};
  for (const arg of args) {
    const text = String(form.get(`param.${arg.name}`) ?? "");
    if (text.trim() === "") {
      if (arg.require) return { error: `请填写参数 ${arg.name}` };
      continue;
    }
    const value = paramValue(text, arg.dataType);
    if (value === undefined) return { error: `参数 ${arg.name} 的值不是有效的 ${arg.dataType}` };
    params[arg.name] = value;
  }
  return { params };
}

/** The Start parameters' fields (also the no-JavaScript run form's). */
export function ParamFields({
  args,
  values,
  empty = "开始节点没有输入参数，直接运行即可。",
}: {
  args: readonly Arg[];
  values?: Record<string, unknown>;
  empty?: string;
}) {
  if (!args.length) return <p className="text-[13px] text-gray-500">{empty}</p>;
  return (
    <>
      {args.map((arg) => {
        const id = `param-${arg.name}`;
        const given = values?.[arg.name];
        const text = given === undefined ? "" : typeof given === "string" ? given : JSON.stringify(given);
        return (
          <div key={arg.name} className="flex flex-col gap-1">
            <label htmlFor={id} className="flex items-center gap-2 font-medium text-[13px] text-gray-800">
              {arg.name}
              <span className="font-normal text-[12px] text-gray-500">{arg.dataType}</span>
              {arg.require ? <span className="text-[12px] text-danger-600">必填</span> : null}
            </label>
            {isJson(arg.dataType) ? (
              <textarea
                id={id}
                name={`param.${arg.name}`}
                defaultValue={text}
                rows={3}
                placeholder="JSON"
                className={clsx(controlClass, "py-2 font-mono text-[13px]")}
              />
            ) : (
              <input
                id={id}
                name={`param.${arg.name}`}
                defaultValue={text}
                placeholder={arg.description || ""}
                className={clsx(controlClass, "h-9")}
              />
            )}
          </div>
        );
      })}
    </>
  );
}

const phaseLabel = {
  idle: null,
  running: ["运行中", "primary"],
  waiting: ["等待回答", "warning"],
  done: ["运行成功", "success"],
  failed: ["运行失败", "danger"],
  stopped: ["已停止", "neutral"],
} as const;

interface RunPanelProps {
  args: readonly Arg[];
  run: RunState;
  names: ReadonlyMap<number, string>;
  onStart: (params: Record<string, unknown>) => void;
  onAnswer: (answer: string) => void;
  onStop: () => void;
  onPick: (nodeId: number) => void;
}

/** 试运行 with JavaScript: the Start form, node by node progress, the final output, a QA question's answer box. */
export function RunPanel({ args, run, names, onStart, onAnswer, onStop, onPick }: RunPanelProps) {
  const [error, setError] = useState<string | null>(null);
  const [reply, setReply] = useState("");
  const busy = run.phase === "running";
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readParams(new FormData(event.currentTarget), args);
    if ("error" in read) return setError(read.error);
    setError(null);
    onStart(read.params);
  };
  const label = phaseLabel[run.phase];
  return (
    <section aria-label="试运行" className="flex flex-col gap-3 p-4 text-[13px]">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <ParamFields args={args} />
        {error ? (
          <p role="alert" className="text-danger-600">
            {error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" loading={busy} disabled={busy || run.phase === "waiting"}>
            <Play className="size-4" aria-hidden />
            运行
          </Button>
          {busy ? (
            <Button type="button" variant="secondary" onClick={onStop}>
              <Square className="size-4" aria-hidden />
              停止
            </Button>
          ) : null}
        </div>
      </form>
      {label ? (
        <p role="status" className="flex items-center gap-2">
          <Badge tone={label[1]}>{label[0]}</Badge>
          {run.final ? <span className="text-gray-500">耗时 {run.final.costTime} 毫秒</span> : null}
        </p>
      ) : null}
      {run.error ? (
        <p role="alert" className="text-danger-600">
          {run.error}
        </p>
      ) : null}
      {run.order.length ? (
        <ol
          aria-label="节点运行顺序"
          className="flex flex-col divide-y divide-gray-100 rounded-md border border-gray-200"
        >
          {run.order.map((id) => {
            const node = run.nodes[id]!;
            return (
              <li key={id}>
                <button
                  type="button"
                  onClick={() => onPick(id)}
                  className="flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-gray-50"
                >
                  <span className="min-w-0 flex-1 truncate">{names.get(id) ?? `节点 ${id}`}</span>
                  {node.results.length > 1 ? <span className="text-gray-500">×{node.results.length}</span> : null}
                  <Badge
                    tone={node.status === "FAILED" ? "danger" : node.status === "FINISHED" ? "success" : "warning"}
                  >
                    {
                      { EXECUTING: "运行中", FINISHED: "成功", FAILED: "失败", STOP_WAIT_ANSWER: "等待回答" }[
                        node.status
                      ]
                    }
                  </Badge>
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {run.question ? (
        <form
          aria-label="回答问题"
          className="flex flex-col gap-2 rounded-md border border-warning-500 bg-warning-50 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reply.trim()) onAnswer(reply.trim());
            setReply("");
          }}
        >
          <p className="font-medium">{run.question.question || "请回答"}</p>
          {run.question.options.length ? (
            <div className="flex flex-wrap gap-2">
              {run.question.options.map((o) => (
                <Button key={o.uuid} type="button" variant="secondary" size="sm" onClick={() => onAnswer(o.index)}>
                  {o.index}. {o.content}
                </Button>
              ))}
            </div>
          ) : null}
          <div className="flex gap-2">
            <input
              aria-label="你的回答"
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              className={clsx(controlClass, "h-9 flex-1")}
            />
            <Button type="submit" size="sm">
              <Send className="size-4" aria-hidden />
              发送
            </Button>
          </div>
        </form>
      ) : null}
      {run.final ? (
        run.final.success ? (
          <JsonBlock title="最终输出" value={run.final.data} />
        ) : (
          <p role="alert" className="text-danger-600">
            {run.final.message || "运行失败"}
          </p>
        )
      ) : null}
    </section>
  );
}
