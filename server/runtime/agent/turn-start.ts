import { inArray, sql } from "drizzle-orm";
import { systemVariables } from "#contract/system-variables";
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
  /**
   * The conversation's variables after this turn are `defaults`, then what the conversation remembers (system
   * variables left out), then `params`: merged by the statement itself, from the row as it is when the turn starts.
   */
  defaults: Record<string, unknown>;
  params: Record<string, unknown>;
  /** How many of the conversation's last messages before this turn the model reads as history (none when absent). */
  historyLimit?: number;
}

/** A message of the history a turn's model reads (prompt.ts historyMessages). */
export type HistoryMessage = { role: MessageRow["role"]; status: MessageRow["status"]; text: string };

export interface TurnStarted {
  userMessageId: number;
  assistantId: number;
  /** The conversation's variables as this turn stored them. */
  variables: Record<string, unknown>;
  /** The conversation's last `historyLimit` messages before this turn, oldest first. */
  history: HistoryMessage[];
}

/** A turn not started: an answer of the conversation is still running, or the conversation is gone. */
export type TurnRefused = "busy" | "gone";

/** The names a conversation does not remember (the system's variables are set afresh each turn). */
const SYSTEM_NAMES = `{${systemVariables.map((v) => v.name).join(",")}}`;

/**
 * Stores a turn's start — the user's message, an `incomplete` answer and the run row — before the model is
 * called. Group-committed (group-commit.ts) with the turns starting at the same time: one statement per batch,
 * without an explicit transaction; it has committed before any of its turns is answered.
 */
export const startTurn = groupCommit(writeBatch, { transaction: false });

/**
 * One batch in one statement (data-modifying CTEs: each statement on the embedded database is a round trip through
 * its wire protocol, costing more than the rows it writes). The run rows go first, ON CONFLICT DO NOTHING on the
 * unique index of executing runs (chat_run_executing_uq): a conversation with a running answer — or a second turn of
 * it in the batch, or one another process starts at the same moment — gets no run, and then no messages either.
 * On PostgreSQL a concurrent insert of the same conversation waits for the other's commit and then conflicts, so no
 * row lock and no separate check are needed. The history is read by the same statement: it sees the conversations
 * as they were before the statement's inserts, so each turn's history ends right before its own message.
 */
async function writeBatch(db: Db, starts: TurnStart[]): Promise<(TurnStarted | TurnRefused)[]> {
  // In conversation order (batch order within one): concurrent batches on PostgreSQL then wait for each other's run
  // rows in one order and cannot deadlock, and the first turn of a conversation in the batch is the one that starts.
  const ordered = starts
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.conversationId - b.s.conversationId || a.i - b.i)
    .map(({ s }) => s);
  const runValues = sql.join(
    ordered.map((s, i) => sql`(${i}::int, ${s.requestId}::text, ${s.conversationId}::int, ${s.userId}::int)`),
    sql`, `,
  );
  const messageValues = sql.join(
    ordered.flatMap((s, i) => [
      sql`(${2 * i}::int, ${s.requestId}::text, 'USER', ${s.message}::text, ${JSON.stringify(s.attachments)}::jsonb, 'complete')`,
      sql`(${2 * i + 1}, ${s.requestId}, 'ASSISTANT', '', '[]', 'incomplete')`,
    ]),
    sql`, `,
  );
  const turnValues = sql.join(
    ordered.map(
      (s) =>
        sql`(${s.requestId}::text, ${JSON.stringify(s.defaults)}::jsonb, ${JSON.stringify(s.params)}::jsonb, ${s.historyLimit ?? 0}::int)`,
    ),
    sql`, `,
  );
  const { rows } = (await db.execute(
    sql`with runs as (
        insert into ${chatRuns} ("request_id", "conversation_id", "user_id")
        select request_id, conversation_id, user_id from (values ${runValues}) as v (ord, request_id, conversation_id, user_id)
         where exists (select from ${conversations} c where c.id = v.conversation_id)
         order by ord
        on conflict ("conversation_id") where "status" = 'EXECUTING' do nothing
        returning "request_id", "conversation_id"
      ), stored as (
        insert into ${messages} ("conversation_id", "request_id", "role", "text", "attachments", "status")
        select r.conversation_id, m.request_id, m.role, m.text, m.attachments, m.status
          from (values ${messageValues}) as m (ord, request_id, role, text, attachments, status)
          join runs r on r.request_id = m.request_id
         order by m.ord
        returning "id", "request_id", "role"
      ), merged as (
        update ${conversations} c
           set "variables" = t.defaults || (c."variables" - ${SYSTEM_NAMES}::text[]) || t.params, "modified" = now()
          from runs r join (values ${turnValues}) as t (request_id, defaults, params, lim) on t.request_id = r.request_id
         where c.id = r.conversation_id
        returning r.request_id, r.conversation_id, t.lim, c."variables"
      )
      select request_id, "id", "role", null as "status", null as "text", null::jsonb as "variables", false as "history"
        from stored
      union all
      select request_id, null, null, null, null, "variables", false from merged
      union all
      select t.request_id, h."id", h."role", h."status", h."text", null, true
        from merged t cross join lateral (
          select "id", "role", "status", "text" from ${messages}
           where ${messages.conversationId} = t.conversation_id order by "id" desc limit t.lim
        ) as h`,
  )) as unknown as { rows: StartRow[] };

  const byRequest = new Map<string, StartRow[]>();
  for (const r of rows) {
    const list = byRequest.get(r.request_id);
    if (list) list.push(r);
    else byRequest.set(r.request_id, [r]);
  }
  const results = starts.map((s): TurnStarted | null => {
    const own = byRequest.get(s.requestId);
    if (!own) return null;
    const stored = (role: MessageRow["role"]) => own.find((r) => !r.history && r.role === role)?.id;
    const userMessageId = stored("USER");
    const assistantId = stored("ASSISTANT");
    if (userMessageId === undefined || assistantId === undefined) throw new Error("turn start insert returned nothing");
    const history = own
      .filter((r) => r.history)
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((r) => ({ role: r.role, status: r.status as HistoryMessage["status"], text: r.text ?? "" }));
    const variables = own.find((r) => !r.history && r.variables)?.variables ?? {};
    return { userMessageId: Number(userMessageId), assistantId: Number(assistantId), variables, history };
  });
  return refusals(db, starts, results);
}

/**
 * Why the turns not started were refused: rare, so asked only then (a read after the statement). It must not throw:
 * the batch's turns are stored already, and a failed batch is written again item by item (group-commit.ts), which
 * would find their own runs and call them busy. Unknown is busy.
 */
async function refusals(db: Db, starts: TurnStart[], results: (TurnStarted | null)[]) {
  const refused = starts.filter((_, i) => !results[i]).map((s) => s.conversationId);
  if (!refused.length) return results as TurnStarted[];
  const alive = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(inArray(conversations.id, [...new Set(refused)]))
    .then((rows) => new Set(rows.map((c) => c.id)))
    .catch(() => null);
  return results.map((r, i) => r ?? (!alive || alive.has(starts[i]!.conversationId) ? "busy" : "gone"));
}

/** A row of the turn start's statement: a stored message (its id), the turn's variables, or (history) a message its model reads. */
interface StartRow {
  request_id: string;
  id: number | null;
  role: MessageRow["role"];
  status: string | null;
  text: string | null;
  variables: Record<string, unknown> | null;
  history: boolean;
}
