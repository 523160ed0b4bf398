import type { Deps } from "#server/core";
import type { ComponentTarget } from "../component/kinds";
import * as repo from "./repo";

/** A knowledge base an agent of `spaceId` may bind: one of the same space. */
export async function resolveKnowledge(
  deps: Deps,
  tenantId: number,
  spaceId: number,
  targetId: number,
): Promise<ComponentTarget | null> {
  const kb = await repo.findKb(deps.db, tenantId, targetId);
  if (!kb || kb.spaceId !== spaceId) return null;
  return { id: kb.id, name: kb.name, icon: kb.icon, description: kb.description, config: {} };
}
