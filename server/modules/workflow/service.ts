import type { Actor, Deps } from "#server/core";
import { fail, forbidden, notFound } from "#server/core";
import type { Db } from "#server/db/client";
import type { StoredGraph } from "#server/db/schema/workflow";
import { validateWorkflow } from "#server/runtime/workflow/validate";
import { developsIn } from "../agent/dto";
import { findUserById } from "../auth";
import { accessComponent, checkCopyTarget, copyName, historyEntryView } from "../component/access";
import { deleteAllOfTarget, publishedOfTarget } from "../publish";
import { accessSpace } from "../space/service";
import type { AddWorkflowInput, UpdateWorkflowInput, WorkflowPermission } from "./contract";
import { toDetail, type WorkflowSnapshot, workflowSnapshot } from "./dto";
import { copyNodes, engineGraph, initialGraph, withRetired } from "./graph-edit";
import * as repo from "./repo";
import { checkSubWorkflows, targetLoader, withSubWorkflowChecks } from "./sub-workflows";

const NOT_FOUND = "工作流不存在";

/**
 * The workflow, the caller's role and permissions; outsiders are told it does not exist. `need` "Edit" is any
 * change to the draft (refused to plain members of a space closed to development).
 */
export async function accessWorkflow(deps: Deps, actor: Actor, workflowId: number, need?: WorkflowPermission | "Edit") {
  const workflow = await repo.findWorkflow(deps.db, actor.tenantId, workflowId);
  if (!workflow) throw notFound(NOT_FOUND);
  return authorise(deps, actor, workflow, need);
}

/** The same for the workflow holding a node (node endpoints name only the node). */
export async function accessNode(deps: Deps, actor: Actor, nodeId: number, need?: "Edit") {
  const workflow = await repo.findWorkflowOfNode(deps.db, actor.tenantId, nodeId);
  if (!workflow) throw notFound("节点不存在");
  return authorise(deps, actor, workflow, need);
}

/**
 * Runs a change of the draft in a transaction on the row read again FOR UPDATE, so concurrent edits of one graph
 * apply one after the other (each sees the previous one's graph). Access is checked before, outside it: the
 * embedded database serves one transaction at a time, so nothing inside may wait on a query outside.
 */
export async function changeWorkflow<T>(
  deps: Deps,
  workflow: repo.WorkflowRow,
  change: (tx: Db, row: repo.WorkflowRow) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findWorkflow(tx, workflow.tenantId, workflow.id, true);
    if (!row) throw notFound(NOT_FOUND);
    return change(tx, row);
  });
}

async function authorise(deps: Deps, actor: Actor, workflow: repo.WorkflowRow, need?: WorkflowPermission | "Edit") {
  return { workflow, ...(await accessComponent(deps, actor, workflow, "工作流", need)) };
}

/** Autosaves by one person within this long of their entry's start update that entry instead of adding one. */
export const HISTORY_COALESCE_MS = 10 * 60_000;

/**
 * A history entry holding the workflow as it is now (read afresh inside the caller's transaction). With
 * `coalesce` (the canvas autosaves every few seconds, the node forms on every change), a change like the
 * latest entry's — same kind and text, same person, that entry begun less than HISTORY_COALESCE_MS ago —
 * rewrites that entry's snapshot: one entry per person per ten minutes of editing, holding its last state.
 */
export async function recordHistory(
  db: Db,
  workflow: repo.WorkflowRow,
  actor: Actor,
  type: repo.HistoryKind,
  description: string,
  coalesce = false,
) {
  const fresh = (await repo.findWorkflow(db, workflow.tenantId, workflow.id)) ?? workflow;
  const config = workflowSnapshot(fresh) as unknown as Record<string, unknown>;
  if (coalesce) {
    const [last] = await repo.listHistory(db, workflow.id, 1);
    const entry = last?.entry;
    if (
      entry &&
      entry.type === type &&
      entry.description === description &&
      entry.opUserId === actor.userId &&
      Date.now() - entry.created.getTime() < HISTORY_COALESCE_MS
    ) {
      return repo.updateHistoryConfig(db, entry.id, config);
    }
  }
  await repo.insertHistory(db, {
    tenantId: workflow.tenantId,
    targetId: workflow.id,
    type,
    config,
    description,
    opUserId: actor.userId,
  });
}

/**
 * A new draft with its first history entry; shared by add, copy and the square's template copy. A given graph
 * (a copy) gets fresh node ids throughout.
 */
export async function createWorkflow(
  db: Db,
  actor: Actor,
  values: { spaceId: number; name: string; description: string; icon: string; extension?: Record<string, unknown> },
  graph: StoredGraph | null,
  historyText: string,
) {
  return db.transaction(async (tx) => {
    let fresh: StoredGraph;
    if (graph) {
      const ids = await repo.nextNodeIds(tx, graph.nodes.length);
      const map = new Map(graph.nodes.map((n, i) => [n.id, ids[i]!]));
      fresh = {
        startNodeId: map.get(graph.startNodeId) ?? graph.startNodeId,
        endNodeId: map.get(graph.endNodeId) ?? graph.endNodeId,
        nodes: copyNodes(graph.nodes, ids, false),
      };
    } else {
      fresh = initialGraph((await repo.nextNodeIds(tx, 2)) as [number, number]);
    }
    const workflow = await repo.insertWorkflow(tx, {
      ...values,
      extension: values.extension ?? {},
      graph: fresh,
      tenantId: actor.tenantId,
      creatorId: actor.userId,
      publishStatus: "Developing",
    });
    await recordHistory(tx, workflow, actor, "Add", historyText);
    return workflow.id;
  });
}

export async function addWorkflow(deps: Deps, actor: Actor, input: AddWorkflowInput) {
  const { space, role } = await accessSpace(deps, actor, input.spaceId);
  if (!developsIn(actor, space, role)) throw forbidden("该空间未开放开发功能");
  const { name, description, icon } = input;
  return createWorkflow(deps.db, actor, { spaceId: space.id, name, description, icon }, null, "创建工作流");
}

export async function getWorkflow(deps: Deps, actor: Actor, workflowId: number) {
  const { workflow, permissions } = await accessWorkflow(deps, actor, workflowId);
  const [creator, live] = await Promise.all([
    findUserById(deps.db, workflow.creatorId),
    publishedOfTarget(deps.db, "Workflow", workflow.id),
  ]);
  return toDetail(workflow, { creator, permissions, live: live[0] });
}

export async function updateWorkflow(deps: Deps, actor: Actor, input: UpdateWorkflowInput) {
  const { id, extension, ...fields } = input;
  const access = await accessWorkflow(deps, actor, id, "Edit");
  await changeWorkflow(deps, access.workflow, async (tx, workflow) => {
    await repo.updateWorkflow(tx, id, {
      ...fields,
      ...(extension ? { extension: { ...workflow.extension, ...extension } } : {}),
      modified: new Date(),
    });
    // Zooming the canvas is not worth a history entry; a name, text or icon change is.
    if (Object.values(fields).some((v) => v !== undefined)) {
      await recordHistory(tx, workflow, actor, "Edit", "修改基本信息");
    }
  });
}

export async function deleteWorkflow(deps: Deps, actor: Actor, workflowId: number) {
  await accessWorkflow(deps, actor, workflowId, "Delete");
  await deps.db.transaction(async (tx) => {
    await deleteAllOfTarget(tx, "Workflow", workflowId);
    await repo.deleteHistory(tx, workflowId);
    await repo.deleteWorkflow(tx, workflowId);
  });
}

/** As for agents and plugins: into another space only the source space's Admins/Owner, into a developing space. */
export async function copyWorkflow(deps: Deps, actor: Actor, workflowId: number, targetSpaceId: number) {
  const { workflow, role } = await accessWorkflow(deps, actor, workflowId, "Copy");
  await checkCopyTarget(deps, actor, { spaceId: workflow.spaceId, role }, targetSpaceId);
  const { name, description, icon, extension, graph } = workflow;
  return createWorkflow(
    deps.db,
    actor,
    { spaceId: targetSpaceId, name: copyName(name), description, icon, extension },
    graph,
    `复制自「${name}」`,
  );
}

/**
 * The engine's checks plus the sub-workflow ones (targets usable, no cycle through other workflows, depth),
 * each target read as `editor`'s test run would read it, or as published when `editor` is null.
 */
export async function checkWorkflow(deps: Deps, workflow: repo.WorkflowRow, editor: Actor | null) {
  const graph = engineGraph(workflow.graph);
  const load = targetLoader(deps, workflow.tenantId, workflow.spaceId, editor);
  const problems = await checkSubWorkflows({ id: workflow.id, name: workflow.name, graph }, load);
  return withSubWorkflowChecks(validateWorkflow(graph, workflow.id), problems);
}

export async function validate(deps: Deps, actor: Actor, workflowId: number) {
  const { workflow } = await accessWorkflow(deps, actor, workflowId);
  return checkWorkflow(deps, workflow, actor);
}

export async function listHistory(deps: Deps, actor: Actor, workflowId: number) {
  await accessWorkflow(deps, actor, workflowId);
  const rows = await repo.listHistory(deps.db, workflowId);
  return rows.map((row) => historyEntryView("Workflow", row));
}

/**
 * Puts a history entry's fields and graph back into the draft, as a new Edit entry. The entry's node ids are
 * this workflow's own (ids are never reused), so the restored graph keeps them.
 */
export async function restoreHistory(deps: Deps, actor: Actor, historyId: number) {
  const entry = await repo.findHistory(deps.db, actor.tenantId, historyId);
  if (!entry) throw notFound("历史记录不存在");
  const snapshot = entry.config as Partial<WorkflowSnapshot>;
  if (!snapshot.graph?.nodes) throw fail("该历史记录没有可恢复的配置");
  const when = entry.created.toISOString().slice(0, 16).replace("T", " ");
  const access = await accessWorkflow(deps, actor, entry.targetId, "Edit");
  await changeWorkflow(deps, access.workflow, async (tx, workflow) => {
    await repo.writeGraph(tx, workflow, withRetired(workflow.graph, snapshot.graph!));
    await repo.updateWorkflow(tx, workflow.id, {
      name: snapshot.name ?? workflow.name,
      description: snapshot.description ?? workflow.description,
      icon: snapshot.icon ?? workflow.icon,
    });
    await recordHistory(tx, workflow, actor, "Edit", `恢复到 ${when} UTC 的版本`);
  });
}
