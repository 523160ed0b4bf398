import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { agentComponents, jobSchedules, triggerRuns, triggerStates } from "#server/db/schema";

export type TriggerRunRow = typeof triggerRuns.$inferSelect;
export type NewTriggerRun = typeof triggerRuns.$inferInsert;

export async function findState(db: Db, componentId: number) {
  const [row] = await db.select().from(triggerStates).where(eq(triggerStates.componentId, componentId));
  return row;
}

export async function saveState(
  db: Db,
  componentId: number,
  values: { tokenHash?: string | null; stoppedReason?: string | null },
) {
  await db
    .insert(triggerStates)
    .values({ componentId, ...values })
    .onConflictDoUpdate({ target: triggerStates.componentId, set: values });
}

export async function insertRun(db: Db, values: NewTriggerRun) {
  const [row] = await db.insert(triggerRuns).values(values).returning();
  return row!;
}

export async function findRun(db: Db, id: number) {
  const [row] = await db.select().from(triggerRuns).where(eq(triggerRuns.id, id));
  return row;
}

/** The run a cron tick already has: its job is delivered again when the process running it died. */
export async function findTickRun(db: Db, triggerId: number, scheduledAt: Date) {
  const [row] = await db
    .select()
    .from(triggerRuns)
    .where(
      and(
        eq(triggerRuns.triggerId, triggerId),
        eq(triggerRuns.source, "TIME"),
        eq(triggerRuns.scheduledAt, scheduledAt),
      ),
    )
    .limit(1);
  return row;
}

export async function updateRun(db: Db, id: number, values: Partial<NewTriggerRun>) {
  await db.update(triggerRuns).set(values).where(eq(triggerRuns.id, id));
}

export async function pageRuns(db: Db, tenantId: number, triggerId: number, limit: number, offset: number) {
  const where = and(eq(triggerRuns.tenantId, tenantId), eq(triggerRuns.triggerId, triggerId));
  const [rows, [total]] = await Promise.all([
    db.select().from(triggerRuns).where(where).orderBy(desc(triggerRuns.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(triggerRuns).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Every trigger of an agent with what makes it live — its state row (token hash, stop reason) and its cron schedule
 * (named as queue.ts's scheduleName) — in one query.
 */
export async function triggersWithState(db: Db, agentId: number) {
  return db
    .select({
      id: agentComponents.id,
      bindConfig: agentComponents.bindConfig,
      hasToken: sql<boolean>`${triggerStates.tokenHash} is not null`,
      stoppedReason: triggerStates.stoppedReason,
      nextRunAt: jobSchedules.nextRunAt,
    })
    .from(agentComponents)
    .leftJoin(triggerStates, eq(triggerStates.componentId, agentComponents.id))
    .leftJoin(jobSchedules, eq(jobSchedules.name, sql`'trigger:' || ${agentComponents.id}`))
    .where(and(eq(agentComponents.agentId, agentId), eq(agentComponents.type, "Trigger")))
    .orderBy(asc(agentComponents.id));
}

/** The newest run of each of these triggers (the run log index, trigger_id then id, finds each one's maximum). */
export async function lastRuns(db: Db, triggerIds: number[]) {
  if (!triggerIds.length) return [];
  const newest = db
    .select({ id: max(triggerRuns.id) })
    .from(triggerRuns)
    .where(inArray(triggerRuns.triggerId, triggerIds))
    .groupBy(triggerRuns.triggerId);
  return db
    .select({
      triggerId: triggerRuns.triggerId,
      status: triggerRuns.status,
      startTime: triggerRuns.startTime,
      endTime: triggerRuns.endTime,
    })
    .from(triggerRuns)
    .where(inArray(triggerRuns.id, newest));
}
