import { triggerBindSchema } from "#contract/components";
import type { Deps } from "#server/core";
import { newToken, sha256 } from "#server/lib/crypto";
import { type Queue, runnerFor } from "#server/runtime/jobs";
import { removeSchedule, type Tick, upsertSchedule } from "#server/runtime/jobs/schedule";
import { type FireJob, fireQueue, scheduleName } from "./queue";
import * as repo from "./repo";

/** A Trigger component as activation needs it. */
export interface TriggerComponent {
  id: number;
  agentId: number;
  tenantId: number;
  bindConfig: Record<string, unknown>;
}

type TimeTick = Extract<FireJob, { source: "TIME" }>;

/**
 * Makes a trigger live after it was added, updated or enabled (clearing any stop reason): a TIME trigger gets its
 * cron schedule; an EVENT trigger keeps its token, and gets a new one only with `rotate` — a token is made only where
 * it is shown (add, rotate, enable), so a trigger without one reads as not enabled rather than holding a token
 * nobody saw. Returns the new token; only its hash is kept.
 */
export async function activateTrigger(deps: Deps, component: TriggerComponent, opts: { rotate?: boolean } = {}) {
  const bind = triggerBindSchema.parse(component.bindConfig);
  const name = scheduleName(component.id);
  if (bind.triggerType === "TIME") {
    await repo.saveState(deps.db, component.id, { tokenHash: null, stoppedReason: null });
    const data: Omit<TimeTick, "scheduledAt"> = {
      triggerId: component.id,
      agentId: component.agentId,
      tenantId: component.tenantId,
      source: "TIME",
    };
    await upsertSchedule(deps, fireQueue as unknown as Queue<typeof data & Tick>, name, {
      cron: bind.cronExpression ?? "",
      timeZone: bind.timeZone,
      data,
    });
    return { token: undefined };
  }
  await removeSchedule(deps, name);
  const token = opts.rotate ? newToken() : undefined;
  await repo.saveState(deps.db, component.id, {
    stoppedReason: null,
    ...(token ? { tokenHash: sha256(token) } : {}),
  });
  // Webhook calls run as jobs: this process's workers must be up to take them.
  await runnerFor(deps);
  return { token };
}

/** Stops a trigger at once: no tick after this returns, and its queued (not yet started) firings are dropped. */
export async function deactivateTrigger(deps: Deps, triggerId: number) {
  await removeSchedule(deps, scheduleName(triggerId));
  await fireQueue.cancelWhere(deps, { triggerId });
}
