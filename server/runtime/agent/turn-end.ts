import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { chatRuns, messages } from "#server/db/schema";
import { touchRelations } from "#server/modules/agent";
import { pushEvents } from "#server/modules/notify";
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
 * Stores the answers of the turns ending at the same time and their runs' status, group-committed: one
 * transaction of one statement per batch instead of two statements each. The answer is stored before the
 * reader is told it is final.
 */
export const endTurn = groupCommit(async (tx: Db, ends: EndedTurn[]) => {
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
  await tx.execute(
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
});

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
 * deleted meanwhile) cannot undo the stored answer: one transaction per batch — the chat_finished events queued
 * for the batch's users (notify's pushEvents) and their relations touched (agent's touchRelations) — instead of
 * three statements each.
 */
export const afterTurn = groupCommit(async (tx: Db, turns: AfterTurn[]) => {
  await pushEvents(
    tx,
    turns.map((t) => ({
      userId: t.userId,
      type: "chat_finished",
      event: { conversationId: t.conversationId, agentId: t.agentId, requestId: t.requestId, status: t.status },
    })),
  );
  // The last turn's conversation wins for a user and agent.
  await touchRelations(
    tx,
    turns
      .filter((t) => t.relation)
      .map((t) => ({
        userId: t.userId,
        agentId: t.agentId,
        type: "Conversation" as const,
        extra: { conversationId: t.conversationId },
      })),
  );
  return turns.map(() => undefined);
});
