import type { Arg } from "#contract/args";
import { iconOr } from "#contract/icons";
import { type Actor, type Deps, notFound } from "#server/core";
import { sampleOutput } from "#server/runtime/plugin";
import { toCreatorInfo } from "../agent/dto";
import { findUserById } from "../auth";
import type { Resolver } from "../component/kinds";
import { squareFigures } from "../favourite";
import { publishedOfTarget } from "../publish";
import { visiblePublication } from "../publish/visibility";
import type { WorkflowSnapshot } from "./dto";

/**
 * A Workflow component's target: the workflow's live publication the agent's space may use — tenant-wide, or
 * published into that very space. Agents run this snapshot's graph, never the draft.
 */
export const resolveWorkflow: Resolver = async (deps, tenantId, spaceId, workflowId) => {
  const rows = (await publishedOfTarget(deps.db, "Workflow", workflowId)).filter((r) => r.tenantId === tenantId);
  const live =
    rows.find((r) => r.scope === "Space" && r.publishSpaceId === spaceId) ?? rows.find((r) => r.scope === "Tenant");
  if (!live) return null;
  const snapshot = live.config as unknown as WorkflowSnapshot;
  return {
    id: workflowId,
    name: live.name,
    icon: live.icon,
    description: live.description,
    config: { graph: snapshot.graph, publishedId: live.id },
  };
};

/** A published workflow as the square and the agent editor's picker show it: its Start inputs and End outputs. */
export async function publishedWorkflow(deps: Deps, actor: Actor, workflowId: number) {
  const live = await visiblePublication(deps.db, actor.tenantId, actor.userId, "Workflow", workflowId);
  if (!live) throw notFound("工作流未发布或已下架");
  const { graph } = live.config as unknown as WorkflowSnapshot;
  const nodeConfig = (id: number) => graph.nodes.find((n) => n.id === id)?.nodeConfig ?? {};
  const outputArgs = (nodeConfig(graph.endNodeId).outputArgs as Arg[] | undefined) ?? [];
  const [publisher, figures] = await Promise.all([
    findUserById(deps.db, live.userId),
    squareFigures(deps, actor, "Workflow", [workflowId]),
  ]);
  return {
    id: workflowId,
    spaceId: live.spaceId,
    name: live.name,
    description: live.description,
    icon: iconOr("Workflow", live.icon),
    remark: live.remark,
    category: live.category,
    scope: live.scope,
    allowCopy: live.allowCopy,
    inputArgs: (nodeConfig(graph.startNodeId).inputArgs as Arg[] | undefined) ?? [],
    outputArgs,
    sampleOutput: JSON.stringify(sampleOutput(outputArgs), null, 2),
    ...figures(workflowId),
    publishUser: toCreatorInfo(publisher),
    publishDate: live.created.toISOString(),
    created: live.created.toISOString(),
  };
}
