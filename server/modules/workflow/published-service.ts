import type { Resolver } from "../component/kinds";
import { publishedOfTarget } from "../publish/repo";
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
