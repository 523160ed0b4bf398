import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { PgInsertValue, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client";
import { agents, memories } from "#server/db/schema";

export type MemoryRow = typeof memories.$inferSelect;
/** Insert values: `terms` and `embedding` are SQL expressions (to_tsvector, a real[] literal). */
export type NewMemory = PgInsertValue<typeof memories>;
export type MemoryPatch = PgUpdateSetSource<typeof memories>;

/** The owner's memories, optionally with one agent and of one category. */
const ownedBy = (userId: number, agentId?: number | null, category?: string | null) =>
  and(
    eq(memories.userId, userId),
    agentId ? eq(memories.agentId, agentId) : undefined,
    category ? eq(memories.category, category) : undefined,
  ) as SQL;

/** A page of the owner's memories, newest first, with the agent's name. */
export async function listPage(
  db: Db,
  userId: number,
  filter: { agentId?: number | null; category?: string | null },
  window: { limit: number; offset: number },
) {
  const where = ownedBy(userId, filter.agentId, filter.category);
  const [rows, [total]] = await Promise.all([
    db
      .select({ memory: memories, agentName: agents.name })
      .from(memories)
      .innerJoin(agents, eq(agents.id, memories.agentId))
      .where(where)
      .orderBy(desc(memories.modified), desc(memories.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(memories).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The agents the owner has memories with, most memories first. */
export function agentsOf(db: Db, userId: number) {
  return db
    .select({ agentId: memories.agentId, agentName: agents.name, icon: agents.icon, count: count() })
    .from(memories)
    .innerJoin(agents, eq(agents.id, memories.agentId))
    .where(eq(memories.userId, userId))
    .groupBy(memories.agentId, agents.name, agents.icon)
    .orderBy(desc(count()), memories.agentId);
}

export async function findOwn(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(memories)
    .where(and(eq(memories.id, id), eq(memories.userId, userId)));
  return row;
}

/** Everything one user remembers with one agent, newest first (the extraction's merge candidates). */
export function ofOwnerAgent(db: Db, userId: number, agentId: number, limit: number) {
  return db
    .select()
    .from(memories)
    .where(ownedBy(userId, agentId))
    .orderBy(desc(memories.modified), desc(memories.id))
    .limit(limit);
}

export async function insertMemories(db: Db, rows: NewMemory[]) {
  if (!rows.length) return [];
  return db.insert(memories).values(rows).returning({ id: memories.id });
}

export async function updateMemory(db: Db, id: number, patch: MemoryPatch) {
  await db
    .update(memories)
    .set({ ...patch, modified: new Date() })
    .where(eq(memories.id, id));
}

export async function deleteOwn(db: Db, userId: number, id: number) {
  const deleted = await db
    .delete(memories)
    .where(and(eq(memories.id, id), eq(memories.userId, userId)))
    .returning({ id: memories.id });
  return deleted.length > 0;
}

export async function clearOwn(db: Db, userId: number, agentId?: number | null) {
  const deleted = await db.delete(memories).where(ownedBy(userId, agentId)).returning({ id: memories.id });
  return deleted.length;
}

export const countOf = async (db: Db, userId: number, agentId: number) =>
  (await db.select({ n: count() }).from(memories).where(ownedBy(userId, agentId)))[0]?.n ?? 0;
