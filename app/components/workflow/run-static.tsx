import { Play, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import type { Arg } from "#contract/args";
import { JsonBlock } from "./node-result";
import { ParamFields } from "./run-panel";
import type { RunState } from "./use-test-run";

interface StaticRunProps {
  args: readonly Arg[];
  names: ReadonlyMap<number, string>;
  reply?: {
    params: Record<string, unknown>;
    requestId: string;
    run: RunState;
    checks: { nodeId: number; messages: string[]; success: boolean }[] | null;
  };
}

const phase = {
  idle: ["未运行", "neutral"],
  running: ["运行中", "primary"],
  waiting: ["等待回答", "warning"],
  done: ["运行成功", "success"],
  failed: ["运行失败", "danger"],
  stopped: ["已停止", "neutral"],
} as const;

/**
 * 试运行 without JavaScript: the Start form posts, the server reads the whole stream and the page shows each
 * node's results (every iteration of a loop), the final output, or a QA question with its answer form.
 */
export function StaticRun({ args, names, reply }: StaticRunProps) {
  const busy = useNavigation().state === "submitting";
  const run = reply?.run;
  return (
    <section
      aria-label="试运行"
      className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4 text-[13px]"
    >
      <h2 className="font-semibold text-base">试运行</h2>
      <p className="text-gray-500">使用已保存的工作流运行。</p>
      <Form method="post" className="flex flex-col gap-3" noValidate>
        <ParamFields args={args} values={reply?.params} />
        <Button type="submit" name="intent" value="run" loading={busy} className="self-start">
          <Play className="size-4" aria-hidden />
          运行
        </Button>
      </Form>
      {run ? (
        <section aria-label="运行结果" className="flex flex-col gap-3 border-gray-100 border-t pt-3">
          <p className="flex items-center gap-2">
            <Badge tone={phase[run.phase][1]}>{phase[run.phase][0]}</Badge>
            {run.final ? <span className="text-gray-500">耗时 {run.final.costTime} 毫秒</span> : null}
          </p>
          {run.error ? (
            <p role="alert" className="text-danger-600">
              {run.error}
            </p>
          ) : null}
          {reply?.checks?.filter((c) => !c.success).length ? (
            <ul aria-label="问题列表" className="list-disc pl-5 text-danger-700">
              {reply.checks
                .filter((c) => !c.success)
                .map((c) => (
                  <li key={c.nodeId}>
                    {names.get(c.nodeId) ?? `节点 ${c.nodeId}`}：{c.messages.join("；")}
                  </li>
                ))}
            </ul>
          ) : null}
          <ol className="flex flex-col gap-2">
            {run.order.map((id) => {
              const node = run.nodes[id]!;
              return (
                <li key={id} className="rounded-md border border-gray-200 p-2">
                  <p className="flex items-center gap-2 font-medium">
                    {names.get(id) ?? `节点 ${id}`}
                    <Badge
                      tone={node.status === "FAILED" ? "danger" : node.status === "FINISHED" ? "success" : "warning"}
                    >
                      {
                        { EXECUTING: "运行中", FINISHED: "成功", FAILED: "失败", STOP_WAIT_ANSWER: "等待回答" }[
                          node.status
                        ]
                      }
                    </Badge>
                  </p>
                  {node.results.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a node's executions only ever append
                    <details key={i} open={node.results.length === 1}>
                      <summary className="cursor-pointer text-gray-600">
                        {node.results.length > 1 ? `第 ${i + 1} 次` : "输入与输出"}
                        {r.endTime ? ` · ${r.endTime - r.startTime} 毫秒` : ""}
                      </summary>
                      {r.error ? <p className="text-danger-600">{r.error}</p> : null}
                      <JsonBlock title="输入" value={r.input} />
                      <JsonBlock title="输出" value={r.data} />
                    </details>
                  ))}
                </li>
              );
            })}
          </ol>
          {run.question && reply ? (
            <Form
              method="post"
              aria-label="回答问题"
              className="flex flex-col gap-2 rounded-md border border-warning-500 bg-warning-50 p-3"
            >
              <input type="hidden" name="requestId" value={reply.requestId} />
              <input type="hidden" name="params" value={JSON.stringify(reply.params)} />
              <p className="font-medium">{run.question.question || "请回答"}</p>
              {run.question.options.length ? (
                <div className="flex flex-wrap gap-2">
                  {run.question.options.map((o) => (
                    <Button key={o.uuid} type="submit" name="answer" value={o.index} variant="secondary" size="sm">
                      {o.index}. {o.content}
                    </Button>
                  ))}
                </div>
              ) : null}
              <input type="hidden" name="intent" value="answer" />
              <div className="flex gap-2">
                <Input name="answer" aria-label="你的回答" />
                <Button type="submit" size="sm" loading={busy}>
                  <Send className="size-4" aria-hidden />
                  发送
                </Button>
              </div>
            </Form>
          ) : null}
          {run.final?.success ? <JsonBlock title="最终输出" value={run.final.data} /> : null}
          {run.final && !run.final.success && run.final.message ? (
            <p role="alert" className="text-danger-600">
              {run.final.message}
            </p>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
