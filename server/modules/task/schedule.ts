import type { Deps } from "#server/core";
import { defineQueue } from "#server/runtime/jobs";
import { removeSchedule, type Tick, upsertSchedule } from "#server/runtime/jobs/schedule";
import type { TaskRow } from "./repo";
import { runTask } from "./runner";

const scheduleName = (conversationId: number) => `task:${conversationId}`;

/**
 * Scheduled tasks run on the job queue's cron schedules (server/runtime/jobs/schedule.ts): one schedule per
 * task, named after its conversation, sends one job per tick to this queue — exactly once across processes.
 */
const taskRuns = defineQueue<{ conversationId: number } & Tick>({
  name: "agent-task-run",
  concurrency: 2,
  // A missed tick is not replayed: the next one runs the task again.
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: 300,
  async handler(deps, data) {
    // A task deleted with its conversation or agent leaves its schedule behind: the first tick after removes it.
    if (!(await runTask(deps, data.conversationId))) await removeSchedule(deps, scheduleName(data.conversationId));
  },
});

export async function scheduleTask(deps: Deps, task: Pick<TaskRow, "conversationId" | "cron" | "timeZone">) {
  await upsertSchedule(deps, taskRuns, scheduleName(task.conversationId), {
    cron: task.cron,
    timeZone: task.timeZone,
    data: { conversationId: task.conversationId },
  });
}

/**
 * Stops the schedule at once and drops a tick already queued but not yet started (one that slipped through
 * anyway finds the task no longer EXECUTING and does nothing).
 */
export async function unscheduleTask(deps: Deps, conversationId: number) {
  await removeSchedule(deps, scheduleName(conversationId));
  await taskRuns.cancelWhere(deps, { conversationId });
}
