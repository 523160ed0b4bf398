import type { Actor, Deps } from "../../core";
import { listSpaceOwnModels } from "../model/repo";
import { accessSpace } from "../space/service";

/**
 * The space's component library (ComponentInfo of the original client). Each kind's module adds its rows
 * here as it arrives; today the space's own models.
 */
export async function listSpaceComponents(deps: Deps, actor: Actor, spaceId: number) {
  await accessSpace(deps, actor, spaceId);
  const models = await listSpaceOwnModels(deps.db, actor.tenantId, spaceId);
  return models.map((m) => ({
    id: m.id,
    spaceId,
    type: "Model" as const,
    name: m.name,
    description: m.description,
    icon: "",
    publishStatus: null,
    ext: m.protocol,
    creatorId: m.creatorId,
    created: m.created.toISOString(),
    modified: m.modified.toISOString(),
  }));
}
