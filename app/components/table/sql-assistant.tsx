import { Sparkles, Square } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Arg } from "#contract/args";
import { codeOf, useAssistantStream } from "../assistant/use-assistant-stream";
import { Button } from "../ui/button";
import { TABLE_NODE_OPTIONS } from "./node-options";

interface SqlAssistantProps {
  tableId: number;
  /** The node's inputs: the assistant may use them as `{{name}}` placeholders. */
  inputArgs: Arg[];
  /** 使用此 SQL: puts the answer into the node's SQL. */
  onUse: (sql: string) => void;
}

/**
 * The SQL自定义 node's assistant: describe the query, and the default model, given the table's structure and the
 * node's placeholders (/api/assistant/sql/optimize), streams SQL, which 使用此 SQL puts into the node.
 */
export function SqlAssistant({ tableId, inputArgs, onUse }: SqlAssistantProps) {
  const hydrated = useHydrated();
  const [need, setNeed] = useState("");
  const { run, running, start: startStream, stop } = useAssistantStream();
  const start = () =>
    startStream(TABLE_NODE_OPTIONS, { prompt: need.trim(), tableId, inputArgs: inputArgs.filter((a) => a.name) });

  if (!hydrated) return null;
  return (
    <section aria-label="SQL 助手" className="flex flex-col gap-2 rounded-md border border-gray-200 p-2">
      <label className="flex flex-col gap-1 text-[13px] text-gray-700">
        <span className="flex items-center gap-1 font-medium">
          <Sparkles className="size-3.5 text-primary-600" aria-hidden />
          SQL 助手：描述要查询或修改的数据
        </span>
        <textarea
          value={need}
          onChange={(e) => setNeed(e.target.value)}
          rows={2}
          maxLength={5000}
          placeholder="例如：查出分数不低于 {{min}} 的用户，按分数从高到低"
          className="rounded-md border border-gray-300 px-2 py-1.5"
        />
      </label>
      <div className="flex gap-2">
        {running ? (
          <Button variant="secondary" size="sm" onClick={stop}>
            <Square className="size-3.5 fill-current" aria-hidden />
            停止
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => void start()} disabled={!need.trim() || !tableId}>
            {run.status === "idle" ? "生成 SQL" : "重新生成"}
          </Button>
        )}
        <Button size="sm" onClick={() => onUse(codeOf(run.text))} disabled={run.status !== "done" || !run.text.trim()}>
          使用此 SQL
        </Button>
      </div>
      {run.text || running ? (
        <pre
          aria-busy={running || undefined}
          className="max-h-48 overflow-auto whitespace-pre-wrap rounded-md border border-gray-200 bg-gray-50 p-2 font-mono text-[12px]"
        >
          {run.text || "正在生成…"}
        </pre>
      ) : null}
      {run.status === "error" ? (
        <p role="alert" className="text-[12px] text-danger-600">
          {run.error}
        </p>
      ) : null}
    </section>
  );
}
