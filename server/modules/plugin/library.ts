import type { Deps } from "#server/core";
import * as repo from "./repo";

/** The space's plugins as the component library lists them (ComponentInfo; `ext` is HTTP or CODE). */
export async function listSpacePlugins(deps: Deps, tenantId: number, spaceId: number) {
  const rows = await repo.listSpacePlugins(deps.db, tenantId, spaceId);
  return rows.map((p) => ({
    id: p.id,
    spaceId,
    type: "Plugin" as const,
    name: p.name,
    description: p.description,
    icon: p.icon,
    publishStatus: p.publishStatus,
    ext: p.type,
    creatorId: p.creatorId,
    created: p.created.toISOString(),
    modified: p.modified.toISOString(),
  }));
}
