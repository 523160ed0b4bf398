import { defineQueue } from "#server/runtime/jobs";
import type { Tick } from "#server/runtime/jobs/schedule";

/**
 * One firing of a trigger. TIME ticks come from the trigger's cron schedule (`trigger:<id>`) and carry the tick's
 * `scheduledAt`; webhook calls carry the run the webhook already recorded. No retries: a target that fails is a
 * FAILED run in the log, not a second run.
 */
export type FireJob = { triggerId: number; agentId: number; tenantId: number } & (
  | ({ source: "TIME" } & Tick)
  | { source: "EVENT"; runId: number; scheduledAt: string }
);

export const scheduleName = (triggerId: number) => `trigger:${triggerId}`;

export const fireQueue = defineQueue<FireJob>({
  name: "trigger-fire",
  concurrency: 4,
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: 900,
  // Imported when the first job runs: the runtime reaches the agent module, which imports this module's activation.
  handler: async (deps, job, attempt) => (await import("#server/runtime/trigger/fire")).fireTrigger(deps, job, attempt),
});
