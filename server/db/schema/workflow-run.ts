import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, modifiedAt } from "./columns";
import { users } from "./user";
import { workflows } from "./workflow";

export const workflowRunStatuses = ["EXECUTING", "FINISHED", "FAILED", "PAUSED", "CANCELLED"] as const;
export type WorkflowRunStatus = (typeof workflowRunStatuses)[number];

/**
 * One run of a workflow (a test run, a resumed one under the same requestId, or one node run alone): who ran
 * it, how it ended, and a stop flag any instance may set and the running instance polls. `modified` is the
 * running instance's lease, renewed every second; a run still EXECUTING with an old lease lost its instance.
 */
export const workflowRuns = pgTable(
  "workflow_run",
  {
    id: serial("id").primaryKey(),
    workflowId: integer("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    /** `Workflow` (the whole graph) or `Node` (test/node/execute). */
    kind: text("kind", { enum: ["Workflow", "Node"] }).notNull(),
    status: text("status", { enum: workflowRunStatuses }).notNull().default("EXECUTING"),
    stopRequested: boolean("stop_requested").notNull().default(false),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    output: jsonb("output").$type<Record<string, unknown>>(),
    message: text("message"),
    costTime: integer("cost_time"),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex("workflow_run_request_idx").on(t.workflowId, t.requestId),
    index("workflow_run_status_idx").on(t.status, t.modified),
  ],
);

/** What each node did in a run, one row per finished, failed or waiting node execution (loops: per iteration). */
export const workflowNodeResults = pgTable(
  "workflow_node_result",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id")
      .notNull()
      .references(() => workflowRuns.id, { onDelete: "cascade" }),
    nodeId: integer("node_id").notNull(),
    status: text("status", { enum: ["FINISHED", "FAILED", "STOP_WAIT_ANSWER"] }).notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    created: createdAt(),
  },
  (t) => [index("workflow_node_result_run_idx").on(t.runId, t.id)],
);
