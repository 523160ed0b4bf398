import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { chatRuns, messages, notifyEvents, userAgentRelations } from "#server/db/schema";
import { sessionEventRows } from "#server/modules/notify";
import { groupCommit } from "./group-commit";

/** How a turn ended: its answer as stored last, and its run's status. */
export interface EndedTurn {
  requestId: string;
  messageId: number;
  text: string;
  think: string;
  status: "complete" | "error" | "interrupted";
  /** Set when the answer becomes another kind (a workflow's question); otherwise the type stays. */
  type: "QUESTION" | null;
  finishReason: string;
  processingList: unknown[];
  finalResult: unknown;
  runStatus: "FINISHED" | "FAILED" | "CANCEL";
}

/**
 * Stores the answers of the turns ending at the same time and their runs' status, group-committed: one statement
 * per batch instead of two statements each, atomic on its own, so without BEGIN and COMMIT (two more round trips
 * on the embedded database). The answer is stored before the reader is told it is final.
 */
export const endTurn = groupCommit(
  async (db: Db, ends: EndedTurn[]) => {
    const answers = sql.join(
      ends.map(
        (e) =>
          sql`(${e.messageId}::int, ${e.text}::text, ${e.think}::text, ${e.status}::text, ${e.type}::text, ${e.finishReason}::text, ${JSON.stringify(e.processingList)}::jsonb, ${JSON.stringify(e.finalResult)}::jsonb)`,
      ),
      sql`, `,
    );
    const runs = sql.join(
      ends.map((e) => sql`(${e.requestId}::text, ${e.runStatus}::text)`),
      sql`, `,
    );
    // One statement (a data-modifying CTE): each statement on the embedded database is a round trip of its own.
    await db.execute(
      sql`with answers as (
        update ${messages} set "text" = v.text, "think" = v.think, "status" = v.status,
          "type" = coalesce(v.type, ${messages}."type"), "finish_reason" = v.finish_reason, "processing_list" = v.pl,
          "final_result" = v.fr, "modified" = now()
        from (values ${answers}) as v(id, text, think, status, type, finish_reason, pl, fr) where ${messages.id} = v.id
      )
      update ${chatRuns} set "status" = v.status, "modified" = now()
      from (values ${runs}) as v(request_id, status) where ${chatRuns.requestId} = v.request_id`,
    );
    return ends.map(() => undefined);
  },
  { transaction: false },
);

/** What follows a settled turn: the user's recent-chat relation (normal chats only) and the chat_finished event. */
export interface AfterTurn {
  userId: number;
  agentId: number;
  conversationId: number;
  requestId: string;
  status: "COMPLETE" | "FAILED";
  /** Whether the chat counts as the user's use of the agent (a normal chat, not debug, task or temporary link). */
  relation: boolean;
}

/**
 * The writes after a turn was answered, group-committed apart from endTurn so a failure here (the agent or user
 * deleted meanwhile) cannot undo the stored answer: per batch, a read of the batch's users' live sessions
 * (notify's sessionEventRows) and one statement that queues the chat_finished events for them and touches the
 * users' relations to their agents — two statements instead of three in a transaction (five with BEGIN and
 * COMMIT). The statement is atomic on its own: a batch that fails wrote nothing and is retried turn by turn.
 */
export const afterTurn = groupCommit(
  async (db: Db, turns: AfterTurn[]) => {
    const events = await sessionEventRows(
      db,
      turns.map((t) => ({
        userId: t.userId,
        type: "chat_finished",
        event: { conversationId: t.conversationId, agentId: t.agentId, requestId: t.requestId, status: t.status },
      })),
    );
    // The last turn's conversation wins for a user and agent.
    const relations = [
      ...new Map(
        turns
          .filter((t) => t.relation)
          .map((t) => [
            `${t.userId} ${t.agentId}`,
            {
              userId: t.userId,
              agentId: t.agentId,
              type: "Conversation" as const,
              extra: { conversationId: t.conversationId },
            },
          ]),
      ).values(),
    ];
    const queue = events.length ? db.insert(notifyEvents).values(events) : null;
    const touch = relations.length
      ? db
          .insert(userAgentRelations)
          .values(relations)
          .onConflictDoUpdate({
            target: [userAgentRelations.userId, userAgentRelations.agentId, userAgentRelations.type],
            set: { modified: sql`now()`, extra: sql`excluded.extra` },
          })
      : null;
    if (queue && touch) await db.execute(sql`with queued as (${queue.getSQL()}) ${touch.getSQL()}`);
    else if (queue) await queue;
    else if (touch) await touch;
    return turns.map(() => undefined);
  },
  { transaction: false },
);
