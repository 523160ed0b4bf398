import type { Deps } from "#server/core";
import * as repo from "./repo";

/** The space's knowledge bases as the component library lists them (ComponentInfo; `ext` is the data type). */
export async function listSpaceKnowledge(deps: Deps, spaceId: number) {
  const { rows } = await repo.listKbs(deps.db, spaceId, undefined, 1000, 0);
  return rows.map((kb) => ({
    id: kb.id,
    spaceId,
    type: "Knowledge" as const,
    name: kb.name,
    description: kb.description,
    icon: kb.icon,
    publishStatus: null,
    ext: kb.dataType === 2 ? "TABLE" : "TEXT",
    creatorId: kb.creatorId,
    created: kb.created.toISOString(),
    modified: kb.modified.toISOString(),
  }));
}
