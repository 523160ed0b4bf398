import { useRef, useState } from "react";
import { readJsonStream } from "#app/lib/sse";
import { assistantChunkSchema } from "#contract/chat";

/** `think` is the model's reasoning (THINK chunks), `text` its answer (CHAT chunks). */
export type AssistantRun = {
  status: "idle" | "running" | "done" | "error";
  think: string;
  text: string;
  error?: string;
};

/** The model answers with code, sometimes fenced in Markdown: keep what is inside the first fence. */
export function codeOf(answer: string) {
  const fenced = /```[\w-]*\n([\s\S]*?)```/.exec(answer);
  return (fenced?.[1] ?? answer).trim();
}

/**
 * One streamed assistant answer (a prompt, code or SQL) from a resource route that relays the assistant's chunk
 * stream: `start` posts the body and accumulates reasoning and answer, `stop` keeps what has arrived. A new start
 * cancels the last. `failed` is the message when the route refuses.
 */
export function useAssistantStream(failed = "生成失败，请稍后再试") {
  const [run, setRun] = useState<AssistantRun>({ status: "idle", think: "", text: "" });
  const abort = useRef<AbortController | null>(null);

  const start = async (url: string, body: unknown) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let current: AssistantRun = { status: "running", think: "", text: "" };
    setRun(current);
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        const envelope = (await res.json().catch(() => null)) as { message?: string } | null;
        setRun({ ...current, status: "error", error: envelope?.message ?? failed });
        return;
      }
      await readJsonStream(res.body, assistantChunkSchema, (chunk) => {
        if (chunk.finishReason === "ERROR") current = { ...current, status: "error", error: chunk.text };
        else if (chunk.type === "THINK") current = { ...current, think: current.think + chunk.text };
        else current = { ...current, text: current.text + chunk.text };
        if (chunk.finished && current.status === "running") current = { ...current, status: "done" };
        setRun(current);
        return chunk.finished;
      });
      if (current.status === "running") setRun({ ...current, status: "done" });
    } catch {
      if (controller.signal.aborted) setRun({ ...current, status: "done" });
      else setRun({ ...current, status: "error", error: "网络超时或服务不可用，请稍后再试" });
    }
  };

  const stop = () => abort.current?.abort();
  /** Back to nothing asked (a dialog opened afresh). */
  const reset = () => {
    stop();
    setRun({ status: "idle", think: "", text: "" });
  };
  return { run, running: run.status === "running", start, stop, reset };
}
