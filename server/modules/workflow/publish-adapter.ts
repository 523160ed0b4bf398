import { fail } from "#server/core";
import { copyName } from "../component/access";
import { type SquareFigures, squareFigures } from "../favourite";
import type { PublishAdapter } from "../publish/adapter";
import type { WorkflowSnapshot } from "./dto";
import { workflowSnapshot } from "./dto";
import * as repo from "./repo";
import { accessWorkflow, checkWorkflow, createWorkflow, recordHistory } from "./service";

/** Publishing a workflow: its graph frozen into a snapshot (what agents run); a copy is a new draft with new ids. */
export const workflowPublishAdapter = {
  async access(deps, actor, workflowId, need) {
    const { workflow } = await accessWorkflow(deps, actor, workflowId, need === "publish" ? "Publish" : undefined);
    if (need === "publish") {
      // An invalid graph is never published: the first node's messages say what to fix. Sub-workflows are
      // checked as agents will run them, published.
      const bad = (await checkWorkflow(deps, workflow, null)).find((c) => !c.success);
      if (bad) throw fail(`工作流校验未通过：${bad.messages.join("；")}`);
    }
    return workflow;
  },

  async snapshot(_db, workflow) {
    return workflowSnapshot(workflow) as unknown as Record<string, unknown>;
  },

  async setStatus(db, tenantId, workflowId, status, publishDate) {
    const workflow = await repo.findWorkflow(db, tenantId, workflowId);
    if (!workflow) return;
    // A status change is not an edit: `modified` stays, so the draft does not look newer than its publication.
    await repo.updateWorkflow(db, workflowId, {
      publishStatus: status,
      ...(publishDate ? { publishDate } : {}),
      modified: workflow.modified,
    });
  },

  async recordHistory(db, { tenantId, targetId }, actor, kind, text) {
    const workflow = await repo.findWorkflow(db, tenantId, targetId);
    if (workflow) await recordHistory(db, workflow, actor, kind, text);
  },

  async copy(deps, actor, published, space) {
    const snapshot = published.config as unknown as Partial<WorkflowSnapshot>;
    if (!snapshot.graph?.nodes) throw fail("发布快照已损坏");
    const id = await createWorkflow(
      deps.db,
      actor,
      {
        spaceId: space.id,
        name: copyName(published.name),
        description: published.description,
        icon: published.icon,
        extension: snapshot.extension ?? {},
      },
      snapshot.graph,
      `从广场复制「${published.name}」`,
    );
    return { id, notice: null };
  },

  /** A workflow's figures and the reader's favourite mark (pluginType only names a plugin's kind). */
  async squareFields(deps, actor, workflowIds) {
    const figures = await squareFigures(deps, actor, "Workflow", workflowIds);
    return (workflowId: number) => ({ ...figures(workflowId), pluginType: null });
  },
} satisfies PublishAdapter<repo.WorkflowRow, SquareFigures & { pluginType: null }>;
