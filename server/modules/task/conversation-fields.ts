import type { Db } from "#server/db/client";
import { describeCron, type TaskStatus } from "./contract";
import { tasksOfConversations } from "./repo";

/** The original client's task fields of a conversation (ConversationInfo taskId, taskStatus, taskCron, taskCronDesc). */
export interface ConversationTaskFields {
  taskId: number | null;
  taskStatus: TaskStatus | null;
  taskCron: string | null;
  taskCronDesc: string | null;
}

/** What a conversation that is not a scheduled task carries. */
export const NO_TASK: ConversationTaskFields = { taskId: null, taskStatus: null, taskCron: null, taskCronDesc: null };

/**
 * The task fields of the TASK conversations among these, by conversation id — one query for a whole list, none when
 * there is no TASK conversation. Imported by the conversation module directly (this module's index reaches back
 * into the conversation module through the task runner).
 */
export async function taskFieldsOf(db: Db, conversations: { id: number; type: string }[]) {
  const ids = conversations.filter((c) => c.type === "TASK").map((c) => c.id);
  const rows = await tasksOfConversations(db, ids);
  return new Map<number, ConversationTaskFields>(
    rows.map((r) => [
      r.conversationId,
      { taskId: r.conversationId, taskStatus: r.status, taskCron: r.cron, taskCronDesc: describeCron(r.cron) },
    ]),
  );
}
