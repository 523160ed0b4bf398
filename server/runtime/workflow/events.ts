import type { NodeExecuteResult, NodeStatus } from "./types";
import type { NodeCheck } from "./validate";

/** Where a QA node stopped the run: enough to ask the question and to resume later (plain JSON). */
export interface PausedState {
  version: 1;
  params: Record<string, unknown>;
  /** Results of replayable nodes (models, code, HTTP, output…) by run key: not repeated on resume. */
  cache: Record<string, CachedResult>;
  /** The waiting QA node: its run key, id, and the answers it already got (re-asking appends). */
  pending: { key: string; nodeId: number; question: string; answers: string[] };
  /** Workflow variables as they were when the run started: resuming replays every SET on top of them. */
  variables: Record<string, unknown>;
}

export interface CachedResult {
  output: Record<string, unknown>;
  ports: string[];
  error?: string;
  input: Record<string, unknown>;
  startTime: number;
  endTime: number;
}

export interface RunOutcome {
  status: "FINISHED" | "FAILED" | "PAUSED" | "CANCELLED";
  success: boolean;
  /** The End node's output map. */
  output: Record<string, unknown> | null;
  /** An End node of type TEXT: its rendered text, the answer of a direct-output workflow. */
  outputContent?: string;
  message?: string;
  /** A graph refused before running: the per-node messages of validation. */
  checks?: NodeCheck[];
  state?: PausedState;
  /** The latest result of every node that ran (loops: of its last iteration). */
  nodeExecuteResultMap: Record<number, NodeExecuteResult>;
  /** Every considered node's final status, SKIPPED for branches not taken. */
  nodeStatus: Record<number, NodeStatus>;
  costTime: number;
  /** Node executions of the run (loop iterations and sub-workflows included). */
  steps: number;
}

export type WorkflowEvent =
  | {
      type: "node";
      nodeId: number;
      name: string;
      status: Exclude<NodeStatus, "SKIPPED">;
      result: NodeExecuteResult;
    }
  /** Text an Output node streams out while the run goes on (chat shows it as PROCESS_OUTPUT). */
  | { type: "output"; nodeId: number; name: string; text: string }
  | { type: "final"; outcome: RunOutcome };

/** One test-run stream item (`WorkflowExecutingDto`, reference original-frontend.md §3.6). */
export interface WorkflowExecutingFrame {
  success: boolean;
  code: "0000" | "0001";
  message: string | null;
  requestId: string;
  data: unknown;
  nodeExecuteResultMap: Record<number, NodeExecuteResult> | null;
  costTime: number;
  complete: boolean;
}

/**
 * The stream frame for an event. Output text travels in the Output node's own FINISHED result, and a pause
 * ends the stream with the STOP_WAIT_ANSWER node event, so neither has a frame of its own (null).
 */
export function frameOf(event: WorkflowEvent, requestId: string, costTime: number): WorkflowExecutingFrame | null {
  if (event.type === "output") return null;
  if (event.type === "node") {
    const { nodeId, name, status, result } = event;
    return {
      success: status !== "FAILED",
      code: "0000",
      message: null,
      requestId,
      data: { nodeId, name, status, result },
      nodeExecuteResultMap: null,
      costTime,
      complete: false,
    };
  }
  const { outcome } = event;
  if (outcome.status === "PAUSED") return null;
  const data = outcome.success
    ? { ...outcome.output, ...(outcome.outputContent !== undefined ? { outputContent: outcome.outputContent } : {}) }
    : (outcome.checks ?? null);
  return {
    success: outcome.success,
    code: outcome.success ? "0000" : "0001",
    message: outcome.message ?? null,
    requestId,
    data,
    nodeExecuteResultMap: outcome.nodeExecuteResultMap,
    costTime: outcome.costTime,
    complete: true,
  };
}

/** An unbounded queue read as an async iterator; the run writes, one reader drains. */
export class EventChannel<T> implements AsyncIterable<T> {
  private buffer: T[] = [];
  /** Read position in `buffer`: shifting a long buffer item by item would cost quadratic time. */
  private head = 0;
  private waiting: ((result: IteratorResult<T>) => void) | null = null;
  private closed = false;

  push(item: T) {
    if (this.closed) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = null;
      waiting({ value: item, done: false });
    } else this.buffer.push(item);
  }

  close() {
    this.closed = true;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.head < this.buffer.length) {
          const item = this.buffer[this.head++] as T;
          if (this.head === this.buffer.length) {
            this.buffer = [];
            this.head = 0;
          }
          return Promise.resolve({ value: item, done: false });
        }
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
    };
  }
}
