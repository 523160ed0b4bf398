import { Sparkles, Square } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { codeOf, useAssistantStream } from "../assistant/use-assistant-stream";
import { Button } from "../ui/button";
import { Textarea } from "../ui/textarea";

export const CODE_OPTIMIZE_ACTION = "/resources/plugin-code-optimize";

interface CodeAssistantProps {
  language: "JavaScript" | "Python";
  /** The code in the editor now, sent along with the request. */
  code: string;
  /** 替换代码: puts the answer into the editor. */
  onReplace: (code: string) => void;
}

/**
 * The code-optimising assistant beside the editor: describe what the code should do (or what to fix), and the
 * default model streams new code, which 替换代码 puts into the editor. Needs JavaScript.
 */
export function CodeAssistant({ language, code, onReplace }: CodeAssistantProps) {
  const hydrated = useHydrated();
  const [need, setNeed] = useState("");
  const { run, running, start: startStream, stop } = useAssistantStream();
  const start = () =>
    startStream(CODE_OPTIMIZE_ACTION, {
      prompt: `${need.trim()}\n\n当前代码：\n\`\`\`\n${code}\n\`\`\``,
      codeLanguage: language,
    });

  return (
    <section aria-label="代码助手" className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4">
      <h2 className="flex items-center gap-2 font-semibold">
        <Sparkles className="size-4 text-primary-600" aria-hidden />
        代码助手
      </h2>
      {!hydrated ? (
        <p className="text-[13px] text-gray-500">代码助手需要启用 JavaScript。</p>
      ) : (
        <>
          <label htmlFor="code-assistant-need" className="text-[13px] text-gray-600">
            描述代码要做什么，或要怎样改进当前代码
          </label>
          <Textarea
            id="code-assistant-need"
            value={need}
            onChange={(e) => setNeed(e.target.value)}
            rows={3}
            maxLength={5000}
            placeholder="例如：把 a 和 b 相加，返回 sum"
          />
          <div className="flex gap-2">
            {running ? (
              <Button variant="secondary" size="sm" onClick={stop}>
                <Square className="size-3.5 fill-current" aria-hidden />
                停止
              </Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => void start()} disabled={!need.trim()}>
                <Sparkles className="size-4" aria-hidden />
                {run.status === "idle" ? "生成代码" : "重新生成"}
              </Button>
            )}
            <Button
              size="sm"
              onClick={() => onReplace(codeOf(run.text))}
              disabled={run.status !== "done" || !run.text.trim()}
            >
              替换代码
            </Button>
          </div>
          {run.text || running ? (
            <pre
              aria-busy={running || undefined}
              className="max-h-72 overflow-auto whitespace-pre-wrap rounded-md border border-gray-200 bg-gray-50 p-2 font-mono text-[12px]"
            >
              {run.text || "正在生成…"}
            </pre>
          ) : null}
          {run.status === "error" ? (
            <p role="alert" className="text-[13px] text-danger-600">
              {run.error}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
