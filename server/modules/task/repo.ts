import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { agents, agentTasks, conversations } from "#server/db/schema";
import type { TaskStatus } from "./contract";

export type TaskRow = typeof agentTasks.$inferSelect;
type TaskWithAgent = TaskRow & { agentName: string };

const withAgent = {
  task: agentTasks,
  agentName: agents.name,
};

function flatten(rows: { task: TaskRow; agentName: string }[]): TaskWithAgent[] {
  return rows.map((r) => ({ ...r.task, agentName: r.agentName }));
}

/**
 * The TASK conversation and its schedule, in one transaction: neither exists without the other. Null when the
 * user already has `limit` live tasks with the agent — counted under a per user and agent lock, so two
 * simultaneous creates cannot both take the last place.
 */
export async function insertTask(
  db: Db,
  conversation: typeof conversations.$inferInsert,
  task: Omit<typeof agentTasks.$inferInsert, "conversationId">,
  limit: number,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agent_task:${task.userId}:${task.agentId}`}))`);
    if ((await liveTaskCount(tx as unknown as Db, task.userId, task.agentId)) >= limit) return null;
    const [row] = await tx.insert(conversations).values(conversation).returning({ id: conversations.id });
    if (!row) throw new Error("conversation insert returned nothing");
    const [created] = await tx
      .insert(agentTasks)
      .values({ ...task, conversationId: row.id })
      .returning();
    return created!;
  });
}

export async function findTask(db: Db, tenantId: number, conversationId: number) {
  const rows = await db
    .select(withAgent)
    .from(agentTasks)
    .innerJoin(agents, eq(agents.id, agentTasks.agentId))
    .where(and(eq(agentTasks.tenantId, tenantId), eq(agentTasks.conversationId, conversationId)));
  return flatten(rows)[0];
}

/** For the scheduled run, which has no tenant in hand. */
export async function findTaskById(db: Db, conversationId: number) {
  const [row] = await db.select().from(agentTasks).where(eq(agentTasks.conversationId, conversationId));
  return row;
}

export async function listTasks(
  db: Db,
  filter: { tenantId: number; userId: number; agentId?: number | null; status?: TaskStatus | null },
) {
  const rows = await db
    .select(withAgent)
    .from(agentTasks)
    .innerJoin(agents, eq(agents.id, agentTasks.agentId))
    .where(
      and(
        eq(agentTasks.tenantId, filter.tenantId),
        eq(agentTasks.userId, filter.userId),
        filter.agentId ? eq(agentTasks.agentId, filter.agentId) : undefined,
        filter.status ? eq(agentTasks.status, filter.status) : undefined,
      ),
    )
    .orderBy(desc(agentTasks.conversationId))
    .limit(200);
  return flatten(rows);
}

/** Tasks of a user with an agent that still count against the limit (all but cancelled ones). */
export async function liveTaskCount(db: Db, userId: number, agentId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(agentTasks)
    .where(and(eq(agentTasks.userId, userId), eq(agentTasks.agentId, agentId), ne(agentTasks.status, "CANCEL")));
  return Number(row?.n ?? 0);
}

/** Every task the scheduler should know about (start-up re-registers them). */
export async function executingTasks(db: Db) {
  return db.select().from(agentTasks).where(eq(agentTasks.status, "EXECUTING"));
}

export async function updateTask(
  db: Db,
  conversationId: number,
  values: Partial<Pick<TaskRow, "topic" | "summary" | "cron" | "timeZone" | "status" | "devMode">>,
) {
  const [row] = await db
    .update(agentTasks)
    .set({ ...values, modified: new Date() })
    .where(eq(agentTasks.conversationId, conversationId))
    .returning();
  if (values.topic !== undefined || values.summary !== undefined) {
    await db
      .update(conversations)
      .set({
        ...(values.topic !== undefined ? { topic: values.topic } : {}),
        ...(values.summary !== undefined ? { summary: values.summary } : {}),
      })
      .where(eq(conversations.id, conversationId));
  }
  return row;
}

export async function recordRun(db: Db, conversationId: number, at: Date) {
  await db
    .update(agentTasks)
    .set({ lastRunAt: at, runCount: sql`${agentTasks.runCount} + 1` })
    .where(eq(agentTasks.conversationId, conversationId));
}

/** The tasks of these conversations (one query however many; those that are not tasks are left out). */
export async function tasksOfConversations(db: Db, conversationIds: number[]) {
  if (!conversationIds.length) return [];
  return db
    .select({ conversationId: agentTasks.conversationId, status: agentTasks.status, cron: agentTasks.cron })
    .from(agentTasks)
    .where(inArray(agentTasks.conversationId, conversationIds));
}
