import type { Actor, Deps } from "#server/core";
import type { NodeCheck } from "#server/runtime/workflow";
import { MAX_WORKFLOW_DEPTH, targetOf } from "#server/runtime/workflow/nodes/Workflow";
import type { WorkflowGraph } from "#server/runtime/workflow/types";
import { accessComponent } from "../component/access";
import type { WorkflowSnapshot } from "./dto";
import { engineGraph } from "./graph-edit";
import { resolveWorkflow } from "./published-service";
import * as repo from "./repo";

/** A Workflow node's target as a run would get it. */
export interface SubWorkflowTarget {
  name: string;
  graph: WorkflowGraph;
}
export type TargetLoader = (workflowId: number) => Promise<SubWorkflowTarget>;

/**
 * Which graph a Workflow node runs (written in contract/api/workflow.ts): the target's publication the space
 * may use; in a test run (`editor` given) the target's draft instead when that person may edit it, so a
 * builder tries changes to both workflows before publishing either. Agents always run publications.
 */
export function targetLoader(deps: Deps, tenantId: number, spaceId: number, editor: Actor | null): TargetLoader {
  return async (workflowId) => {
    if (editor) {
      const draft = await repo.findWorkflow(deps.db, tenantId, workflowId);
      const editable =
        draft &&
        (await accessComponent(deps, editor, draft, "工作流", "Edit").then(
          () => true,
          () => false,
        ));
      if (draft && editable) return { name: draft.name, graph: engineGraph(draft.graph) };
    }
    const live = await resolveWorkflow(deps, tenantId, spaceId, workflowId);
    if (!live) throw new Error(`子工作流（${workflowId}）未发布或当前空间不可用`);
    return { name: live.name, graph: engineGraph((live.config as unknown as WorkflowSnapshot).graph) };
  };
}

const workflowNodes = (graph: WorkflowGraph) =>
  graph.nodes.flatMap((n) => (n.type === "Workflow" && targetOf(n) > 0 ? [n] : []));

/** Steps one check may take (a wide tree of sub-workflows is followed this far, then assumed fine). */
const MAX_VISITS = 500;

/**
 * What the engine's own validation cannot see: each Workflow node's target must be usable, must not lead back
 * to a workflow already on the way there (the checked one included) and must not nest deeper than the cap.
 * Returns the messages per Workflow node of the checked graph.
 */
export async function checkSubWorkflows(
  root: { id: number; name: string; graph: WorkflowGraph },
  load: TargetLoader,
): Promise<Map<number, string[]>> {
  const problems = new Map<number, string[]>();
  const loaded = new Map<number, Promise<SubWorkflowTarget>>();
  const names = new Map<number, string>([[root.id, root.name]]);
  const label = (id: number) => `「${names.get(id) ?? id}」`;
  let visits = 0;
  /** The first problem found below `id`, reached through the workflows `ids` (outermost first), or null. */
  const walk = async (id: number, ids: number[]): Promise<string | null> => {
    const path = () => [...ids, id].map(label).join(" → ");
    if (ids.includes(id)) return `子工作流形成循环引用：${path()}`;
    if (++visits > MAX_VISITS) return null;
    if (!loaded.has(id)) loaded.set(id, load(id));
    let target: SubWorkflowTarget;
    try {
      target = await loaded.get(id)!;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    names.set(id, target.name);
    if (ids.length >= MAX_WORKFLOW_DEPTH) return `子工作流嵌套超过 ${MAX_WORKFLOW_DEPTH} 层：${path()}`;
    for (const node of workflowNodes(target.graph)) {
      const found = await walk(targetOf(node), [...ids, id]);
      if (found) return found;
    }
    return null;
  };
  for (const node of workflowNodes(root.graph)) {
    // A node calling its own workflow is named by the engine's validation.
    if (targetOf(node) === root.id) continue;
    const found = await walk(targetOf(node), [root.id]);
    if (found) problems.set(node.id, [found]);
  }
  return problems;
}

/** The engine's checks with the sub-workflow checks merged in. */
export function withSubWorkflowChecks(checks: NodeCheck[], problems: Map<number, string[]>): NodeCheck[] {
  return checks.map((c) => {
    const more = (problems.get(c.nodeId) ?? []).filter((m) => !c.messages.includes(m));
    return more.length ? { ...c, success: false, messages: [...c.messages, ...more] } : c;
  });
}
