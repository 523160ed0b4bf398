import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { Badge } from "#app/components/ui/badge";
import type { NodeResult, NodeRun } from "./use-test-run";

export const pretty = (value: unknown) => (value === undefined ? "" : JSON.stringify(value, null, 2));

export function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="flex flex-col gap-1">
      <h4 className="font-medium text-[12px] text-gray-600">{title}</h4>
      <pre className="max-h-56 overflow-auto whitespace-pre-wrap break-all rounded-md border border-gray-200 bg-gray-50 p-2 font-mono text-[12px]">
        {pretty(value) || "（空）"}
      </pre>
    </div>
  );
}

const statusLabel = { EXECUTING: "运行中", FINISHED: "运行成功", FAILED: "运行失败", STOP_WAIT_ANSWER: "等待回答" };
const statusTone = {
  EXECUTING: "primary",
  FINISHED: "success",
  FAILED: "danger",
  STOP_WAIT_ANSWER: "warning",
} as const;

function OneResult({ result }: { result: NodeResult }) {
  const ms = result.endTime ? result.endTime - result.startTime : null;
  return (
    <div className="flex flex-col gap-2">
      {ms !== null ? <p className="text-[12px] text-gray-500">耗时 {ms} 毫秒</p> : null}
      {result.error ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {result.error}
        </p>
      ) : null}
      <JsonBlock title="输入" value={result.input} />
      <JsonBlock title="输出" value={result.data} />
    </div>
  );
}

/** One node's run: its status, and its input, output, time and error — paged by execution for loop bodies. */
export function NodeResultView({ run }: { run: NodeRun }) {
  const [page, setPage] = useState(run.results.length);
  const count = run.results.length;
  const at = Math.min(Math.max(page, 1), count);
  const result = run.results[at - 1];
  return (
    <section aria-label="节点运行结果" className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <Badge tone={statusTone[run.status]}>{statusLabel[run.status]}</Badge>
        {count > 1 ? (
          <nav aria-label="执行次数" className="ml-auto flex items-center gap-1 text-[12px]">
            <button
              type="button"
              aria-label="上一次"
              disabled={at <= 1}
              onClick={() => setPage(at - 1)}
              className="rounded p-0.5 hover:bg-gray-100 disabled:opacity-40"
            >
              <ChevronLeft className="size-3.5" aria-hidden />
            </button>
            {count > 12 ? (
              <span>
                第 {at} / {count} 次
              </span>
            ) : null}
            {(count > 12 ? [] : run.results).map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: executions are numbered by position
                key={i}
                type="button"
                aria-current={i + 1 === at ? "page" : undefined}
                onClick={() => setPage(i + 1)}
                className={clsx(
                  "min-w-5 rounded px-1",
                  i + 1 === at ? "bg-primary-600 text-white" : "hover:bg-gray-100",
                )}
              >
                {i + 1}
              </button>
            ))}
            <button
              type="button"
              aria-label="下一次"
              disabled={at >= count}
              onClick={() => setPage(at + 1)}
              className="rounded p-0.5 hover:bg-gray-100 disabled:opacity-40"
            >
              <ChevronRight className="size-3.5" aria-hidden />
            </button>
          </nav>
        ) : null}
      </div>
      {result ? <OneResult result={result} /> : null}
    </section>
  );
}
