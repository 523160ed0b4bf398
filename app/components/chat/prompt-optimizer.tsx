import { Sparkles, Square } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { toast } from "#app/lib/toast";
import { useAssistantStream } from "../assistant/use-assistant-stream";
import { Button } from "../ui/button";
import { Dialog, DialogContent } from "../ui/dialog";
import { Textarea } from "../ui/textarea";
import { Reasoning } from "./reasoning";

/** Writes into a textarea the way typing would, so React state, conform and autosave all see the change. */
function fillTextarea(id: string, value: string) {
  const el = document.getElementById(id);
  if (!(el instanceof HTMLTextAreaElement)) return false;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.focus();
  return true;
}

interface PromptOptimizerProps {
  /** The agent (type AGENT) or workflow LLM node (WORKFLOW_LLM_NODE) whose prompt this is. */
  id?: number;
  type?: "AGENT" | "WORKFLOW_LLM_NODE";
  /** The id of the prompt's textarea: read when the dialog opens, written by 替换. */
  targetId?: string;
  /** Called with the optimised prompt on 替换 (instead of, or as well as, `targetId`). */
  onReplace?: (prompt: string) => void;
}

/**
 * The prompt-optimisation assistant: a button that opens a dialog streaming a rewritten prompt from the
 * default model, with 替换 to put it into the prompt box. Needs JavaScript, so it renders nothing without.
 */
export function PromptOptimizer({ id, type = "AGENT", targetId, onReplace }: PromptOptimizerProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState("");
  const { run, running, start: startStream, stop, reset } = useAssistantStream("优化失败，请稍后再试");
  const start = () => startStream("/resources/prompt-optimize", { prompt, type, id });

  const replace = () => {
    const text = run.text.trim();
    if (targetId) fillTextarea(targetId, text);
    onReplace?.(text);
    setOpen(false);
    toast.success("已替换为优化后的提示词");
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      const el = targetId ? document.getElementById(targetId) : null;
      setPrompt(el instanceof HTMLTextAreaElement ? el.value : "");
      reset();
    } else stop();
    setOpen(next);
  };

  if (!hydrated) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button variant="ghost" size="sm" onClick={() => onOpenChange(true)}>
        <Sparkles className="size-3.5" aria-hidden />
        优化提示词
      </Button>
      <DialogContent title="优化提示词" description="根据你的提示词或需求，生成结构清晰的系统提示词。">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="prompt-optimizer-source" className="font-medium text-gray-800">
            原提示词或需求
          </label>
          <Textarea
            id="prompt-optimizer-source"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            rows={4}
            maxLength={20_000}
          />
        </div>
        {run.think ? <Reasoning think={run.think} answering={Boolean(run.text)} /> : null}
        {run.text || running ? (
          <section aria-label="优化结果" aria-busy={running || undefined} className="flex flex-col gap-1.5">
            <span className="font-medium text-gray-800">优化结果</span>
            <pre className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-md border border-gray-200 bg-gray-50 p-3 font-sans text-[13px]">
              {run.text || "正在生成…"}
            </pre>
          </section>
        ) : null}
        {run.status === "error" ? (
          <p role="alert" className="text-[13px] text-danger-600">
            {run.error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          {running ? (
            <Button variant="secondary" onClick={stop}>
              <Square className="size-3.5 fill-current" aria-hidden />
              停止
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => void start()} disabled={!prompt.trim()}>
              <Sparkles className="size-4" aria-hidden />
              {run.status === "idle" ? "开始优化" : "重新生成"}
            </Button>
          )}
          <Button onClick={replace} disabled={run.status !== "done" || !run.text.trim()}>
            替换
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
