import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { taskStatuses } from "../../../contract/api/task";
import { agents } from "./agent";
import { createdAt, modifiedAt } from "./columns";
import { conversations } from "./conversation";
import { users } from "./user";

/**
 * A scheduled task (定时任务, original-backend.md §5.11): the schedule of one TASK conversation, keyed by that
 * conversation, so the task and its runs' turns go away together.
 */
export const agentTasks = pgTable(
  "agent_task",
  {
    conversationId: integer("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    /** The prompt each run sends as the user's message. */
    summary: text("summary").notNull(),
    cron: text("cron").notNull(),
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: taskStatuses }).notNull().default("EXECUTING"),
    /** 1 = runs the agent's draft (created from the editor's debug chat). */
    devMode: integer("dev_mode").notNull().default(0),
    lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date" }),
    runCount: integer("run_count").notNull().default(0),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("agent_task_user_idx").on(t.userId, t.agentId, t.status)],
);
