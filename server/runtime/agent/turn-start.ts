import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { type Attachment, chatRuns, conversations, messages } from "#server/db/schema";
import { groupCommit } from "./group-commit";

/** What a turn stores before the model is called. */
export interface TurnStart {
  conversationId: number;
  requestId: string;
  userId: number;
  message: string;
  attachments: Attachment[];
  /** The conversation's variables after this turn's values. */
  variables: Record<string, unknown>;
}

export interface TurnStarted {
  userMessageId: number;
  assistantId: number;
}

/**
 * Stores a turn's start — the user's message, an `incomplete` answer and the run row — before the model is
 * called; null when an answer of the conversation is still running. Group-committed (group-commit.ts) with
 * the turns starting at the same time: one transaction of five statements per batch instead of six
 * statements each; the batch is committed before any of its turns is answered.
 */
export const startTurn = groupCommit(writeBatch);

/**
 * One batch, in one transaction: lock the conversations (in id order, so concurrent batches on PostgreSQL
 * cannot deadlock), skip those with a running answer — and a second turn of the same conversation in the
 * batch —, then insert the messages and run rows and update the conversations, one statement each.
 */
async function writeBatch(tx: Db, starts: TurnStart[]): Promise<(TurnStarted | null)[]> {
  const ids = [...new Set(starts.map((s) => s.conversationId))];
  await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.id, ids))
    .orderBy(asc(conversations.id))
    .for("update");
  const running = await tx
    .select({ conversationId: chatRuns.conversationId })
    .from(chatRuns)
    .where(and(inArray(chatRuns.conversationId, ids), eq(chatRuns.status, "EXECUTING")));
  const busy = new Set(running.map((r) => r.conversationId));
  const accepted = starts.filter((s) => {
    if (busy.has(s.conversationId)) return false;
    busy.add(s.conversationId);
    return true;
  });
  if (!accepted.length) return starts.map(() => null);

  const rows = await tx
    .insert(messages)
    .values(
      accepted.flatMap((s) => [
        {
          conversationId: s.conversationId,
          requestId: s.requestId,
          role: "USER" as const,
          text: s.message,
          attachments: s.attachments,
        },
        {
          conversationId: s.conversationId,
          requestId: s.requestId,
          role: "ASSISTANT" as const,
          status: "incomplete" as const,
        },
      ]),
    )
    .returning({ id: messages.id, requestId: messages.requestId, role: messages.role });
  await tx
    .insert(chatRuns)
    .values(accepted.map((s) => ({ requestId: s.requestId, conversationId: s.conversationId, userId: s.userId })));
  const values = sql.join(
    accepted.map((s) => sql`(${s.conversationId}::int, ${JSON.stringify(s.variables)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${conversations} set "variables" = v.variables, "modified" = now()
      from (values ${values}) as v(id, variables) where ${conversations.id} = v.id`,
  );

  const idOf = new Map(rows.map((r) => [`${r.requestId} ${r.role}`, r.id]));
  return starts.map((s) => {
    if (!accepted.includes(s)) return null;
    const userMessageId = idOf.get(`${s.requestId} USER`);
    const assistantId = idOf.get(`${s.requestId} ASSISTANT`);
    if (userMessageId === undefined || assistantId === undefined) throw new Error("turn start insert returned nothing");
    return { userMessageId, assistantId };
  });
}
