import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { agentComponents } from "./agent";

export const triggerRunStatuses = ["RUNNING", "SUCCESS", "FAILED"] as const;
export type TriggerRunStatus = (typeof triggerRunStatuses)[number];

/**
 * What a Trigger component keeps out of its listed bind config: the EVENT token's hash (the token itself is shown
 * once) and why the trigger stopped (its agent or target is gone), which an update clears.
 */
export const triggerStates = pgTable("trigger_state", {
  componentId: integer("component_id")
    .primaryKey()
    .references(() => agentComponents.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash"),
  stoppedReason: text("stopped_reason"),
});

/**
 * One firing of a trigger. No foreign key to the component or agent: a trigger whose agent was deleted still
 * logs the FAILED run that says so.
 */
export const triggerRuns = pgTable(
  "trigger_run",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    agentId: integer("agent_id").notNull(),
    triggerId: integer("trigger_id").notNull(),
    /** TIME (a cron tick) or EVENT (a webhook call). */
    source: text("source", { enum: ["TIME", "EVENT"] }).notNull(),
    status: text("status", { enum: triggerRunStatuses }).notNull().default("RUNNING"),
    /** The cron tick this run belongs to (TIME), or when the webhook was called (EVENT). */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true, mode: "date" }).notNull(),
    startTime: timestamp("start_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    endTime: timestamp("end_time", { withTimezone: true, mode: "date" }),
    input: jsonb("input").$type<Record<string, unknown>>().notNull().default({}),
    output: jsonb("output").$type<unknown>(),
    error: text("error"),
  },
  (t) => [index("trigger_run_trigger_idx").on(t.triggerId, t.id)],
);
