import { and, eq, inArray, lt } from "drizzle-orm";
import type { Deps } from "../../core";
import { workflowNodeResults, workflowRuns } from "../../db/schema";
import type { RunOutcome, WorkflowEvent } from "../../runtime/workflow";

const TICK_MS = 1_000;
/** A run whose lease is older than this lost its instance (leases are renewed every TICK_MS). */
const LEASE_MS = 15_000;

type NodeRow = typeof workflowNodeResults.$inferInsert;

interface LiveRun {
  id: number;
  pending: NodeRow[];
  onStop: () => void;
}

interface Recorder {
  runs: Map<number, LiveRun>;
  timer: NodeJS.Timeout | null;
  /** The tick in flight: ticks never overlap, and a run's last flush waits for it. */
  current: Promise<void>;
  swept: boolean;
}

const recorders = new WeakMap<Deps, Recorder>();

function recorderOf(deps: Deps) {
  let recorder = recorders.get(deps);
  if (!recorder) {
    recorder = { runs: new Map(), timer: null, current: Promise.resolve(), swept: false };
    recorders.set(deps, recorder);
  }
  return recorder;
}

/**
 * Every run executing in this process shares one timer: each second the node results of all of them are
 * written in one insert, and their leases renewed and stop flags read in one update — never a round trip per
 * node or per run (the embedded database runs every statement on the event loop).
 */
async function tick(deps: Deps, r: Recorder) {
  const runs = [...r.runs.values()];
  if (!runs.length) return;
  await flush(deps, runs);
  const polled = await deps.db
    .update(workflowRuns)
    .set({ modified: new Date() })
    .where(
      inArray(
        workflowRuns.id,
        runs.map((run) => run.id),
      ),
    )
    .returning({ id: workflowRuns.id, stop: workflowRuns.stopRequested });
  for (const row of polled) if (row.stop) r.runs.get(row.id)?.onStop();
}

async function flush(deps: Deps, runs: LiveRun[]) {
  const rows = runs.flatMap((run) => run.pending.splice(0));
  if (rows.length) await deps.db.insert(workflowNodeResults).values(rows);
}

/** Runs left EXECUTING by an instance that went away (its lease ran out) are marked FAILED, once per process. */
async function sweep(deps: Deps) {
  await deps.db
    .update(workflowRuns)
    .set({ status: "FAILED", message: "服务重启，运行已中断" })
    .where(and(eq(workflowRuns.status, "EXECUTING"), lt(workflowRuns.modified, new Date(Date.now() - LEASE_MS))));
}

export interface RunRecord {
  id: number;
  /** Keeps a node's result for the next batch (EXECUTING events are not kept: the result follows). */
  event(event: WorkflowEvent): void;
  /** Writes what is left and the outcome, and stops polling the run's stop flag. */
  finish(outcome: RunOutcome): Promise<void>;
}

/**
 * Opens the run's record (a resume reopens the paused run's record under the same requestId) and polls its
 * stop flag, calling `onStop` when anyone set it.
 */
export async function openRunRecord(
  deps: Deps,
  values: { workflowId: number; userId: number; requestId: string; kind: "Workflow" | "Node"; params: object },
  onStop: () => void,
): Promise<RunRecord> {
  const r = recorderOf(deps);
  if (!r.swept) {
    r.swept = true;
    await sweep(deps);
  }
  const params = values.params as Record<string, unknown>;
  const [row] = await deps.db
    .insert(workflowRuns)
    .values({ ...values, params })
    .onConflictDoUpdate({
      target: [workflowRuns.workflowId, workflowRuns.requestId],
      set: { status: "EXECUTING", stopRequested: false, message: null, output: null, modified: new Date() },
    })
    .returning({ id: workflowRuns.id });
  const live: LiveRun = { id: row!.id, pending: [], onStop };
  r.runs.set(live.id, live);
  if (!r.timer) {
    r.timer = setInterval(() => {
      r.current = r.current.then(() => tick(deps, r)).catch((err) => deps.log.error({ err }, "workflow tick failed"));
    }, TICK_MS);
    r.timer.unref();
  }
  return {
    id: live.id,
    event(event) {
      if (event.type !== "node" || event.status === "EXECUTING") return;
      const result = event.result as unknown as Record<string, unknown>;
      live.pending.push({ runId: live.id, nodeId: event.nodeId, status: event.status, result });
    },
    async finish(outcome) {
      r.runs.delete(live.id);
      if (!r.runs.size && r.timer) {
        clearInterval(r.timer);
        r.timer = null;
      }
      await r.current;
      await flush(deps, [live]);
      await deps.db
        .update(workflowRuns)
        .set({
          status: outcome.status,
          output: outcome.output,
          message: outcome.message ?? null,
          costTime: outcome.costTime,
          modified: new Date(),
        })
        .where(eq(workflowRuns.id, live.id));
    },
  };
}

/** Sets the stop flag of the person's executing runs under `requestId`; the running instance stops within a tick. */
export async function requestStop(deps: Deps, userId: number, requestId: string) {
  const rows = await deps.db
    .update(workflowRuns)
    .set({ stopRequested: true })
    .where(
      and(eq(workflowRuns.requestId, requestId), eq(workflowRuns.userId, userId), eq(workflowRuns.status, "EXECUTING")),
    )
    .returning({ id: workflowRuns.id });
  // A run on this instance need not wait for the next tick.
  for (const { id } of rows) recorderOf(deps).runs.get(id)?.onStop();
  return rows.length > 0;
}
