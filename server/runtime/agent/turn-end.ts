import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { chatRuns, messages } from "#server/db/schema";
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
 * transaction of two statements per batch instead of two statements each. The answer is stored before the
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
  await tx.execute(
    sql`update ${messages} set "text" = v.text, "think" = v.think, "status" = v.status,
      "type" = coalesce(v.type, ${messages}."type"), "finish_reason" = v.finish_reason, "processing_list" = v.pl,
      "final_result" = v.fr, "modified" = now()
      from (values ${answers}) as v(id, text, think, status, type, finish_reason, pl, fr) where ${messages.id} = v.id`,
  );
  const runs = sql.join(
    ends.map((e) => sql`(${e.requestId}::text, ${e.runStatus}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${chatRuns} set "status" = v.status, "modified" = now()
      from (values ${runs}) as v(request_id, status) where ${chatRuns.requestId} = v.request_id`,
  );
  return ends.map(() => undefined);
});
