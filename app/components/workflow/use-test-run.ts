import { useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { readJsonStream } from "#app/lib/sse";
import {
  nodeEventDataSchema,
  type nodeExecuteResultSchema,
  workflowExecutingFrameSchema,
} from "#contract/api/workflow";
import { type NodeCheck, RUN_URL } from "./api";

export type NodeResult = z.infer<typeof nodeExecuteResultSchema>;
export type NodeRunStatus = "EXECUTING" | "FINISHED" | "FAILED" | "STOP_WAIT_ANSWER";

export interface NodeRun {
  status: NodeRunStatus;
  /** One per execution: a node inside a loop runs once per iteration. */
  results: NodeResult[];
}

export interface Question {
  nodeId: number;
  question: string;
  answerType: string;
  options: { uuid: string; index: string; content: string }[];
}

export interface RunState {
  phase: "idle" | "running" | "waiting" | "done" | "failed" | "stopped";
  nodes: Record<number, NodeRun>;
  /** Node ids in the order they first ran. */
  order: number[];
  final: { success: boolean; data: unknown; message: string | null; costTime: number } | null;
  question: Question | null;
  error: string | null;
}

export const idle: RunState = { phase: "idle", nodes: {}, order: [], final: null, question: null, error: null };

/** Where a paused run's request waits for its answer (the original client's key). */
export const pausedKey = (spaceId: number, workflowId: number) => `testRun_${spaceId}_${workflowId}`;

/** A node event: EXECUTING adds an entry (replacing a stale one), the outcome replaces the open entry. */
export function withNodeEvent(state: RunState, event: z.infer<typeof nodeEventDataSchema>): RunState {
  const before = state.nodes[event.nodeId];
  const results = [...(before?.results ?? [])];
  const open = results.length && before?.status === "EXECUTING" ? results.length - 1 : -1;
  if (open >= 0) results[open] = event.result;
  else results.push(event.result);
  return {
    ...state,
    nodes: { ...state.nodes, [event.nodeId]: { status: event.status, results } },
    order: before ? state.order : [...state.order, event.nodeId],
  };
}

/**
 * 试运行 over the SSE stream (reference original-frontend.md §3.6): node statuses and results as they come,
 * the final output, a QA node's question (the request is kept in localStorage until answered), stop.
 */
export function useTestRun(spaceId: number, workflowId: number, onChecks: (checks: NodeCheck[]) => void) {
  const [state, setState] = useState<RunState>(idle);
  const abort = useRef<AbortController | null>(null);

  const stream = useCallback(
    async (body: Record<string, unknown>, fresh: boolean, url = RUN_URL) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState((s) => (fresh ? { ...idle, phase: "running" } : { ...s, phase: "running", question: null }));
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
      } catch {
        if (!controller.signal.aborted) setState((s) => ({ ...s, phase: "failed", error: "网络错误，请重试" }));
        return;
      }
      if (!res.ok || !res.body || !res.headers.get("content-type")?.includes("event-stream")) {
        const envelope = (await res.json().catch(() => null)) as { message?: string } | null;
        setState((s) => ({ ...s, phase: "failed", error: envelope?.message ?? "试运行失败" }));
        return;
      }
      try {
        await readJsonStream(res.body, workflowExecutingFrameSchema, (frame) => {
          if (frame.complete) {
            const checks = Array.isArray(frame.data) ? (frame.data as NodeCheck[]) : null;
            if (!frame.success && checks) onChecks(checks);
            setState((s) => ({
              ...s,
              phase: frame.success ? "done" : "failed",
              final: { success: frame.success, data: frame.data, message: frame.message, costTime: frame.costTime },
            }));
            return true;
          }
          const event = nodeEventDataSchema.safeParse(frame.data);
          if (!event.success) return undefined; // heart-beat
          setState((s) => withNodeEvent(s, event.data));
          if (event.data.status === "STOP_WAIT_ANSWER") {
            const asked = (event.data.result.data ?? {}) as Partial<Question>;
            localStorage.setItem(pausedKey(spaceId, workflowId), JSON.stringify(body));
            setState((s) => ({
              ...s,
              phase: "waiting",
              question: {
                nodeId: event.data.nodeId,
                question: String(asked.question ?? ""),
                answerType: String(asked.answerType ?? "TEXT"),
                options: Array.isArray(asked.options) ? asked.options : [],
              },
            }));
            return true;
          }
          return undefined;
        });
      } catch {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, phase: "failed", error: "连接中断，请重试" }));
      }
    },
    [spaceId, workflowId, onChecks],
  );

  const start = useCallback(
    (params: Record<string, unknown>) => stream({ workflowId, requestId: crypto.randomUUID(), params }, true),
    [stream, workflowId],
  );

  /** Runs one node alone with the values of its referenced arguments; its events fill that node's result. */
  const runNode = useCallback(
    (nodeId: number, params: Record<string, unknown>) =>
      stream({ nodeId, requestId: crypto.randomUUID(), params }, true, `${RUN_URL}?node=1`),
    [stream],
  );

  /** Resumes the paused run with the answer: the same body (same requestId) plus `answer`. */
  const answer = useCallback(
    (text: string) => {
      const key = pausedKey(spaceId, workflowId);
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as Record<string, unknown> | null;
      if (!stored) return;
      localStorage.removeItem(key);
      return stream({ ...stored, answer: text }, false);
    },
    [stream, spaceId, workflowId],
  );

  const stop = useCallback(() => {
    abort.current?.abort();
    setState((s) => (s.phase === "running" ? { ...s, phase: "stopped" } : s));
  }, []);

  const reset = useCallback(() => setState(idle), []);

  return { run: state, start, runNode, answer, stop, reset };
}
