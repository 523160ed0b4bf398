import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { authTokens, notifyEvents, notifyMessages, notifyMessageUsers, users } from "#server/db/schema";

export async function insertMessage(db: Db, values: typeof notifyMessages.$inferInsert, userIds: number[]) {
  const [message] = await db.insert(notifyMessages).values(values).returning();
  if (!message) throw new Error("notify insert returned nothing");
  if (userIds.length)
    await db.insert(notifyMessageUsers).values(userIds.map((userId) => ({ notifyId: message.id, userId })));
  return message;
}

export async function tenantUserIds(db: Db, tenantId: number, role?: "Admin" | "User") {
  const conditions = [eq(users.tenantId, tenantId), ne(users.status, "Deleted")];
  if (role) conditions.push(eq(users.role, role));
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(...conditions))
  ).map((r) => r.id);
}

export async function listForUser(
  db: Db,
  userId: number,
  f: { lastId?: number; size: number; readStatus?: "Read" | "Unread" },
) {
  const conditions = [eq(notifyMessageUsers.userId, userId)];
  if (f.lastId) conditions.push(lt(notifyMessageUsers.id, f.lastId));
  if (f.readStatus) conditions.push(eq(notifyMessageUsers.readStatus, f.readStatus));
  return db
    .select({ row: notifyMessageUsers, message: notifyMessages, sender: users })
    .from(notifyMessageUsers)
    .innerJoin(notifyMessages, eq(notifyMessages.id, notifyMessageUsers.notifyId))
    .leftJoin(users, eq(users.id, notifyMessages.senderId))
    .where(and(...conditions))
    .orderBy(desc(notifyMessageUsers.id))
    .limit(f.size);
}

export async function unreadCount(db: Db, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifyMessageUsers)
    .where(and(eq(notifyMessageUsers.userId, userId), eq(notifyMessageUsers.readStatus, "Unread")));
  return row?.n ?? 0;
}

export async function markRead(db: Db, userId: number, ids?: number[]) {
  const conditions = [eq(notifyMessageUsers.userId, userId)];
  if (ids) conditions.push(inArray(notifyMessageUsers.id, ids));
  await db
    .update(notifyMessageUsers)
    .set({ readStatus: "Read" })
    .where(and(...conditions));
}

/** Clears a session's queue up to and including `version` (an event id), or all of it. */
export async function clearSessionEvents(db: Db, tokenId: number, version?: number) {
  const conditions = [eq(notifyEvents.tokenId, tokenId)];
  if (version !== undefined) conditions.push(lte(notifyEvents.id, version));
  await db.delete(notifyEvents).where(and(...conditions));
}

/** Queues an event for every live session of the user. */
export async function pushEvent(db: Db, userId: number, type: string, event: Record<string, unknown>) {
  await pushEvents(db, [{ userId, type, event }]);
}

type QueuedEvent = { userId: number; type: string; event: Record<string, unknown> };

/**
 * The notify_event rows that queue each event for every live session of its user: one lookup however many events.
 * The sessions' expiry is compared here, as the session check does (auth repo's findLiveToken), not with the
 * database's clock: a lookup without a clock in it is kept by the read cache until a session is written, so the
 * turns ending one after another for the same users read their sessions once (a statement per ending batch
 * before, ~1 ms each at 200 streams).
 */
export async function sessionEventRows(db: Db, items: QueuedEvent[]) {
  if (!items.length) return [];
  const userIds = [...new Set(items.map((i) => i.userId))];
  const now = Date.now();
  const tokens = (
    await db
      .select({ id: authTokens.id, userId: authTokens.userId, expiresAt: authTokens.expiresAt })
      .from(authTokens)
      .where(inArray(authTokens.userId, userIds))
  ).filter((t) => t.expiresAt.getTime() > now);
  return items.flatMap(({ userId, type, event }) =>
    tokens.filter((t) => t.userId === userId).map((t) => ({ userId, tokenId: t.id, type, event })),
  );
}

/** Queues each event for every live session of its user: one lookup and one insert however many events. */
export async function pushEvents(db: Db, items: QueuedEvent[]) {
  const rows = await sessionEventRows(db, items);
  if (rows.length) await db.insert(notifyEvents).values(rows);
}

export async function eventsOfSession(db: Db, tokenId: number, limit = 100) {
  return db
    .select()
    .from(notifyEvents)
    .where(eq(notifyEvents.tokenId, tokenId))
    .orderBy(asc(notifyEvents.id))
    .limit(limit);
}
