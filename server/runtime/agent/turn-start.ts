import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { type Attachment, chatRuns, conversations, messages } from "#server/db/schema";
import type { MessageRow } from "#server/modules/conversation";
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
  /** How many of the conversation's last messages before this turn the model reads as history (none when absent). */
  historyLimit?: number;
}

/** A message of the history a turn's model reads (prompt.ts historyMessages). */
export type HistoryMessage = { role: MessageRow["role"]; status: MessageRow["status"]; text: string };

export interface TurnStarted {
  userMessageId: number;
  assistantId: number;
  /** The conversation's last `historyLimit` messages before this turn, oldest first. */
  history: HistoryMessage[];
}

/**
 * Stores a turn's start — the user's message, an `incomplete` answer and the run row — before the model is
 * called; null when an answer of the conversation is still running. Group-committed (group-commit.ts) with
 * the turns starting at the same time: one transaction of three statements per batch instead of six
 * statements each; the batch is committed before any of its turns is answered.
 */
export const startTurn = groupCommit(writeBatch);

/**
 * One batch, in one transaction: lock the conversations (in id order, so concurrent batches on PostgreSQL
 * cannot deadlock), skip those with a running answer — and a second turn of the same conversation in the
 * batch —, then insert the messages and run rows and update the conversations, in one statement.
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

  // The writes in one statement (data-modifying CTEs): each statement on the embedded database is a round trip
  // through its wire protocol, so five statements a batch cost more than the rows they write.
  const stored = sql.join(
    accepted.flatMap((s) => [
      sql`(${s.conversationId}::int, ${s.requestId}::text, 'USER', ${s.message}::text, ${JSON.stringify(s.attachments)}::jsonb, default)`,
      sql`(${s.conversationId}::int, ${s.requestId}::text, 'ASSISTANT', default, default, 'incomplete')`,
    ]),
    sql`, `,
  );
  const runs = sql.join(
    accepted.map((s) => sql`(${s.requestId}::text, ${s.conversationId}::int, ${s.userId}::int)`),
    sql`, `,
  );
  const values = sql.join(
    accepted.map((s) => sql`(${s.conversationId}::int, ${JSON.stringify(s.variables)}::jsonb)`),
    sql`, `,
  );
  const limits = sql.join(
    accepted.map((s) => sql`(${s.requestId}::text, ${s.conversationId}::int, ${s.historyLimit ?? 0}::int)`),
    sql`, `,
  );
  // The history is read by the same statement: it sees the conversations as they were before this statement's
  // inserts, so each turn's history ends right before its own message, and needs no statement of its own.
  const { rows } = (await tx.execute(
    sql`with stored as (
        insert into ${messages} ("conversation_id", "request_id", "role", "text", "attachments", "status")
        values ${stored} returning "id", "request_id", "role"
      ), runs as (
        insert into ${chatRuns} ("request_id", "conversation_id", "user_id") values ${runs}
      ), variables as (
        update ${conversations} set "variables" = v.variables, "modified" = now()
        from (values ${values}) as v(id, variables) where ${conversations.id} = v.id
      )
      select "id", "request_id", "role", null as "status", null as "text", false as "history" from stored
      union all
      select h."id", l.request_id, h."role", h."status", h."text", true
        from (values ${limits}) as l(request_id, conversation_id, lim)
        cross join lateral (
          select "id", "role", "status", "text" from ${messages}
           where ${messages.conversationId} = l.conversation_id order by "id" desc limit l.lim
        ) as h`,
  )) as unknown as { rows: StartRow[] };

  const idOf = new Map<string, number>();
  const historyOf = new Map<string, StartRow[]>();
  for (const r of rows) {
    if (!r.history) idOf.set(`${r.request_id} ${r.role}`, Number(r.id));
    else {
      const list = historyOf.get(r.request_id);
      if (list) list.push(r);
      else historyOf.set(r.request_id, [r]);
    }
  }
  return starts.map((s) => {
    if (!accepted.includes(s)) return null;
    const userMessageId = idOf.get(`${s.requestId} USER`);
    const assistantId = idOf.get(`${s.requestId} ASSISTANT`);
    if (userMessageId === undefined || assistantId === undefined) throw new Error("turn start insert returned nothing");
    const history = (historyOf.get(s.requestId) ?? [])
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((r) => ({ role: r.role, status: r.status as HistoryMessage["status"], text: r.text ?? "" }));
    return { userMessageId, assistantId, history };
  });
}

/** A row of the turn start's statement: a stored message's id, or (history) a message the turn's model reads. */
interface StartRow {
  id: number;
  request_id: string;
  role: MessageRow["role"];
  status: string | null;
  text: string | null;
  history: boolean;
}
