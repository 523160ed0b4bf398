import { and, arrayContains, desc, eq, inArray, sql } from "drizzle-orm";
import type { historyKinds } from "#contract/enums";
import type { Db } from "#server/db/client";
import { configHistory, users, workflowNodeIds, workflowPausedRuns, workflows } from "#server/db/schema";
import type { StoredGraph } from "#server/db/schema/workflow";

export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflow = typeof workflows.$inferInsert;
export type HistoryKind = (typeof historyKinds)[number];

/** `count` fresh node ids from the shared sequence. */
export async function nextNodeIds(db: Db, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const rows = await db
    .select({ id: sql<number>`nextval(${workflowNodeIds.seqName}::regclass)::int` })
    .from(sql`generate_series(1, ${count}::int)`);
  return rows.map((r) => Number(r.id));
}

export const nodeIdsOf = (graph: StoredGraph) => graph.nodes.map((n) => n.id);

export async function insertWorkflow(db: Db, values: Omit<NewWorkflow, "nodeIds">) {
  const [row] = await db
    .insert(workflows)
    .values({ ...values, nodeIds: nodeIdsOf(values.graph) })
    .returning();
  if (!row) throw new Error("workflow insert returned nothing");
  return row;
}

export async function findWorkflow(db: Db, tenantId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), eq(workflows.tenantId, tenantId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The workflow holding a node (node ids are unique across workflows). */
export async function findWorkflowOfNode(db: Db, tenantId: number, nodeId: number, lock = false) {
  const query = db
    .select()
    .from(workflows)
    .where(and(arrayContains(workflows.nodeIds, [nodeId]), eq(workflows.tenantId, tenantId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findWorkflows(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(workflows).where(inArray(workflows.id, ids));
}

export async function listSpaceWorkflows(db: Db, tenantId: number, spaceId: number) {
  return db
    .select()
    .from(workflows)
    .where(and(eq(workflows.spaceId, spaceId), eq(workflows.tenantId, tenantId)))
    .orderBy(desc(workflows.modified), desc(workflows.id));
}

export async function updateWorkflow(db: Db, id: number, values: Partial<NewWorkflow>) {
  await db.update(workflows).set(values).where(eq(workflows.id, id));
}

/** Writes a changed graph: its node id list and a new edit version go with it. Returns the new version. */
export async function writeGraph(db: Db, row: WorkflowRow, graph: StoredGraph) {
  const editVersion = row.editVersion + 1;
  await updateWorkflow(db, row.id, { graph, nodeIds: nodeIdsOf(graph), editVersion, modified: new Date() });
  return editVersion;
}

export async function deleteWorkflow(db: Db, id: number) {
  await db.delete(workflows).where(eq(workflows.id, id));
}

export async function insertHistory(
  db: Db,
  values: Omit<typeof configHistory.$inferInsert, "targetType"> & { type: HistoryKind },
) {
  await db.insert(configHistory).values({ ...values, targetType: "Workflow" });
}

export async function listHistory(db: Db, workflowId: number, limit = 200) {
  return db
    .select({ entry: configHistory, user: users })
    .from(configHistory)
    .leftJoin(users, eq(users.id, configHistory.opUserId))
    .where(and(eq(configHistory.targetType, "Workflow"), eq(configHistory.targetId, workflowId)))
    .orderBy(desc(configHistory.id))
    .limit(limit);
}

export async function updateHistoryConfig(db: Db, id: number, config: Record<string, unknown>) {
  await db.update(configHistory).set({ config, modified: new Date() }).where(eq(configHistory.id, id));
}

export async function findHistory(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(configHistory)
    .where(
      and(eq(configHistory.id, id), eq(configHistory.tenantId, tenantId), eq(configHistory.targetType, "Workflow")),
    );
  return row;
}

export async function deleteHistory(db: Db, workflowId: number) {
  await db
    .delete(configHistory)
    .where(and(eq(configHistory.targetType, "Workflow"), eq(configHistory.targetId, workflowId)));
}

export async function savePausedRun(
  db: Db,
  values: { workflowId: number; userId: number; requestId: string; state: Record<string, unknown> },
) {
  await db
    .insert(workflowPausedRuns)
    .values(values)
    .onConflictDoUpdate({
      target: [workflowPausedRuns.workflowId, workflowPausedRuns.requestId],
      set: { state: values.state, userId: values.userId, created: new Date() },
    });
}

/** Takes a paused run out (a run resumes once; a new pause stores its state again). */
export async function takePausedRun(db: Db, workflowId: number, userId: number, requestId: string) {
  const [row] = await db
    .delete(workflowPausedRuns)
    .where(
      and(
        eq(workflowPausedRuns.workflowId, workflowId),
        eq(workflowPausedRuns.userId, userId),
        eq(workflowPausedRuns.requestId, requestId),
      ),
    )
    .returning();
  return row;
}
