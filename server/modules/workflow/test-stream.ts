import type { Context } from "hono";
import type { ApiEnv } from "../../api/context";
import { sseChannel, sseResponse } from "../../api/sse";
import type { Actor, Deps } from "../../core";
import { frameOf, type RunOutcome, type WorkflowRun } from "../../runtime/workflow";
import { openRunRecord } from "./run-record";

const HEARTBEAT_MS = 10_000;

export interface StreamedRun {
  workflowId: number;
  requestId: string;
  kind: "Workflow" | "Node";
  params: Record<string, unknown>;
  /** Starts the engine run, stopped through `signal`. */
  start: (signal: AbortSignal) => WorkflowRun;
  /** What to do with the outcome once the stream has sent it (keep a QA pause). */
  after?: (outcome: RunOutcome) => Promise<void>;
}

/**
 * Runs and streams a test run: frames as they happen, a heart-beat every 10 s, its record and node results in
 * the database (batched, run-record.ts). It stops when the stop endpoint sets its flag (from any instance) or
 * when the client goes away — the original client stops a test run by aborting its request.
 */
export async function streamRun(deps: Deps, c: Context<ApiEnv>, actor: Actor, spec: StreamedRun) {
  const controller = new AbortController();
  const stop = () => controller.abort(new Error("运行已停止"));
  const clientGone = c.req.raw.signal;
  clientGone.addEventListener("abort", stop, { once: true });
  const run = spec.start(controller.signal);
  let record: Awaited<ReturnType<typeof openRunRecord>>;
  try {
    record = await openRunRecord(
      deps,
      {
        workflowId: spec.workflowId,
        userId: actor.userId,
        requestId: spec.requestId,
        kind: spec.kind,
        params: spec.params,
      },
      stop,
    );
  } catch (err) {
    stop();
    throw err;
  }
  const channel = sseChannel();
  const started = Date.now();
  const heartbeat = setInterval(
    () =>
      channel.send({
        success: false,
        code: "0000",
        message: null,
        requestId: spec.requestId,
        data: {},
        nodeExecuteResultMap: null,
        costTime: Date.now() - started,
        complete: false,
      }),
    HEARTBEAT_MS,
  );
  const pump = async () => {
    for await (const event of run.events) {
      record.event(event);
      const frame = frameOf(event, spec.requestId, Date.now() - started);
      if (frame) channel.send(frame);
    }
    const outcome = await run.done;
    await spec.after?.(outcome);
    await record.finish(outcome);
  };
  pump()
    .catch((err) => c.get("log").error({ err }, "workflow test run crashed"))
    .finally(() => {
      clientGone.removeEventListener("abort", stop);
      clearInterval(heartbeat);
      channel.close();
    });
  return sseResponse(channel.stream);
}
