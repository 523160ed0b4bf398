import type { Deps } from "#server/core";
import * as repo from "./repo";

/** The space's workflows as the component library lists them (ComponentInfo). */
export async function listSpaceWorkflows(deps: Deps, tenantId: number, spaceId: number) {
  const rows = await repo.listSpaceWorkflows(deps.db, tenantId, spaceId);
  return rows.map((w) => ({
    id: w.id,
    spaceId,
    type: "Workflow" as const,
    name: w.name,
    description: w.description,
    icon: w.icon,
    publishStatus: w.publishStatus,
    ext: null,
    creatorId: w.creatorId,
    created: w.created.toISOString(),
    modified: w.modified.toISOString(),
  }));
}
