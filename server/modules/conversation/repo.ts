import { and, asc, desc, eq, inArray, lt, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { preparedFor } from "#server/db/prepared";
import { chatRuns, conversations, messages } from "#server/db/schema";

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversation = typeof conversations.$inferInsert;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

export async function insertConversation(db: Db, values: NewConversation) {
  const [row] = await db.insert(conversations).values(values).returning();
  if (!row) throw new Error("conversation insert returned nothing");
  return row;
}

/**
 * The user's reusable conversation with an agent, created when there is none: in development the newest one (the
 * editor's debug chat), otherwise the newest one nobody has written in yet. A per user and agent lock makes
 * concurrent first reads agree on one row.
 */
export async function reusableConversation(
  db: Db,
  values: Pick<NewConversation, "uid" | "tenantId" | "userId" | "agentId" | "devMode">,
) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`conversation:${values.userId}`}), ${values.agentId})`,
    );
    const conditions = [
      eq(conversations.tenantId, values.tenantId),
      eq(conversations.userId, values.userId),
      eq(conversations.agentId, values.agentId),
      eq(conversations.devMode, values.devMode ?? 0),
      eq(conversations.type, "Chat"),
    ];
    if (!values.devMode) {
      conditions.push(
        sql`not exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id})`,
      );
    }
    const [found] = await tx
      .select()
      .from(conversations)
      .where(and(...conditions))
      .orderBy(desc(conversations.id))
      .limit(1);
    if (found) return { conversation: found, created: false };
    return { conversation: await insertConversation(tx as unknown as Db, values), created: true };
  });
}

/** Reads every chat turn makes, built once (prepared.ts). */
const turnReads = preparedFor((db) => ({
  conversation: db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, sql.placeholder("id")), eq(conversations.tenantId, sql.placeholder("tenantId"))))
    .prepare("conversation_by_id"),
  recent: db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, sql.placeholder("conversationId")))
    .orderBy(desc(messages.id))
    .limit(sql.placeholder("limit"))
    .prepare("recent_messages"),
  recentBefore: db
    .select()
    .from(messages)
    .where(
      and(eq(messages.conversationId, sql.placeholder("conversationId")), lt(messages.id, sql.placeholder("beforeId"))),
    )
    .orderBy(desc(messages.id))
    .limit(sql.placeholder("limit"))
    .prepare("recent_messages_before"),
}));

export async function findConversation(db: Db, tenantId: number, id: number) {
  const [row] = await turnReads(db).conversation.execute({ id, tenantId });
  return row;
}

export async function findConversationByUid(db: Db, uid: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.uid, uid));
  return row;
}

export async function updateConversation(db: Db, id: number, values: Partial<NewConversation>) {
  await db.update(conversations).set(values).where(eq(conversations.id, id));
}

export async function deleteConversation(db: Db, id: number) {
  await db.delete(conversations).where(eq(conversations.id, id));
}

/** History: the user's conversations (optionally of one agent), newest activity first, cursor by id. */
export async function listConversations(
  db: Db,
  f: {
    tenantId: number;
    userId: number;
    agentId?: number | null;
    lastId?: number | null;
    limit: number;
    devMode: number;
  },
) {
  const conditions = [
    eq(conversations.tenantId, f.tenantId),
    eq(conversations.userId, f.userId),
    eq(conversations.devMode, f.devMode),
    eq(conversations.type, "Chat"),
    sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id})`,
  ];
  if (f.agentId) conditions.push(eq(conversations.agentId, f.agentId));
  if (f.lastId) conditions.push(lt(conversations.id, f.lastId));
  return db
    .select()
    .from(conversations)
    .where(and(...conditions))
    .orderBy(desc(conversations.id))
    .limit(f.limit);
}

export async function insertMessage(db: Db, values: NewMessage) {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error("message insert returned nothing");
  return row;
}

export async function updateMessage(db: Db, id: number, values: Partial<NewMessage>) {
  await db.update(messages).set(values).where(eq(messages.id, id));
}

/** The last `limit` messages before `beforeId` (or the newest), returned oldest first. */
export async function recentMessages(db: Db, conversationId: number, limit: number, beforeId?: number) {
  const reads = turnReads(db);
  const rows = beforeId
    ? await reads.recentBefore.execute({ conversationId, beforeId, limit })
    : await reads.recent.execute({ conversationId, limit });
  return rows.reverse();
}

export async function firstUserMessage(db: Db, conversationId: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, "USER")))
    .orderBy(asc(messages.id))
    .limit(1);
  return row;
}

export async function insertRun(db: Db, values: typeof chatRuns.$inferInsert) {
  await db.insert(chatRuns).values(values);
}

export async function findRun(db: Db, requestId: string) {
  const [row] = await db.select().from(chatRuns).where(eq(chatRuns.requestId, requestId));
  return row;
}

export async function executingRun(db: Db, conversationId: number) {
  const [row] = await db
    .select()
    .from(chatRuns)
    .where(and(eq(chatRuns.conversationId, conversationId), eq(chatRuns.status, "EXECUTING")))
    .limit(1);
  return row;
}

export async function setRunStatus(db: Db, requestId: string, status: (typeof chatRuns.$inferSelect)["status"]) {
  await db.update(chatRuns).set({ status, modified: new Date() }).where(eq(chatRuns.requestId, requestId));
}

export async function requestStop(db: Db, requestId: string) {
  const rows = await db
    .update(chatRuns)
    .set({ stopRequested: true, modified: new Date() })
    .where(and(eq(chatRuns.requestId, requestId), eq(chatRuns.status, "EXECUTING")))
    .returning({ requestId: chatRuns.requestId });
  return rows.length > 0;
}

/**
 * Recovery: runs still EXECUTING whose lease is older than `staleMs` lost their instance; they are marked
 * FAILED and their answers, kept as far as they got, `interrupted`. At the start of the only instance (the
 * embedded database) every run is dead (staleMs 0); where several instances share a database, a start-up or
 * periodic sweep passes a lease timeout (e.g. 15 s) so answers streaming on live instances are left alone.
 */
export async function markInterrupted(db: Db, staleMs = 0) {
  const cutoff = new Date(Date.now() - staleMs);
  const dead = await db
    .update(chatRuns)
    .set({ status: "FAILED", modified: new Date() })
    .where(and(eq(chatRuns.status, "EXECUTING"), lte(chatRuns.modified, cutoff)))
    .returning({ requestId: chatRuns.requestId });
  const live = db.select({ requestId: chatRuns.requestId }).from(chatRuns).where(eq(chatRuns.status, "EXECUTING"));
  const rows = await db
    .update(messages)
    .set({ status: "interrupted", finishReason: "INTERRUPTED", modified: new Date() })
    .where(
      and(
        eq(messages.status, "incomplete"),
        or(
          dead.length
            ? inArray(
                messages.requestId,
                dead.map((r) => r.requestId),
              )
            : sql`false`,
          and(lte(messages.modified, cutoff), notInArray(messages.requestId, live)),
        ),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}
