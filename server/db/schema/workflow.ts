import { index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { publishStatuses } from "../../../contract/enums";
import { createdAt, modifiedAt } from "./columns";
import { spaces } from "./space";
import { users } from "./user";

/** One stored node: the editor's node fields (reference original-frontend.md §3.2) plus its own timestamps. */
export interface StoredNode {
  id: number;
  name: string;
  description: string;
  type: string;
  nodeConfig: Record<string, unknown>;
  nextNodeIds: number[];
  loopNodeId: number | null;
  innerStartNodeId?: number | null;
  innerEndNodeId?: number | null;
  typeId: number | null;
  created: string;
  modified: string;
}

/** What a graph remembers of a node a save removed: enough for a later save to bring it back under its id. */
export type RetiredNode = Pick<
  StoredNode,
  "id" | "type" | "loopNodeId" | "innerStartNodeId" | "innerEndNodeId" | "created"
>;

/** The whole graph as one document: a flat node list (loop children carry loopNodeId) and the Start/End ids. */
export interface StoredGraph {
  startNodeId: number;
  endNodeId: number;
  nodes: StoredNode[];
  /** Nodes whole-graph saves removed, latest last (the editor's undo brings them back); never in snapshots. */
  retiredNodes?: RetiredNode[];
}

/** Node ids of every workflow: one sequence, so a node id alone names its workflow's node. */
export const workflowNodeIds = pgSequence("workflow_node_id_seq");

/**
 * A workflow's draft (workflow_config of original-backend.md §1.7). Both editing styles (per node and the whole
 * graph) rewrite `graph` under a row lock and bump `editVersion`; `nodeIds` lists the graph's node ids for the
 * node endpoints' lookup. History lives in config_history (target type Workflow), publications in
 * publish_apply/published.
 */
export const workflows = pgTable(
  "workflow",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon").notNull().default(""),
    extension: jsonb("extension").$type<Record<string, unknown>>().notNull().default({}),
    graph: jsonb("graph").$type<StoredGraph>().notNull(),
    nodeIds: integer("node_ids").array().notNull(),
    editVersion: integer("edit_version").notNull().default(1),
    publishStatus: text("publish_status", { enum: publishStatuses }).notNull().default("Developing"),
    publishDate: timestamp("publish_date", { withTimezone: true, mode: "date" }),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    index("workflow_space_idx").on(t.spaceId, t.modified),
    index("workflow_tenant_idx").on(t.tenantId),
    index("workflow_node_ids_idx").using("gin", t.nodeIds),
  ],
);

/**
 * A test run a QA node paused: the engine's state (plain JSON) under the client's requestId, until the answer
 * resumes it. Kept in the database so any instance can resume it, also after a restart.
 */
export const workflowPausedRuns = pgTable(
  "workflow_paused_run",
  {
    id: serial("id").primaryKey(),
    workflowId: integer("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    state: jsonb("state").$type<Record<string, unknown>>().notNull(),
    created: createdAt(),
  },
  (t) => [uniqueIndex("workflow_paused_run_request_idx").on(t.workflowId, t.requestId)],
);
