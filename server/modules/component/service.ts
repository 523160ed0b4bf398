import { iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { listSpaceKnowledge } from "../knowledge";
import { listSpaceOwnModels } from "../model";
import { listSpacePlugins } from "../plugin";
import { accessSpace } from "../space/service";
import { listSpaceTableItems } from "../table";
import { listSpaceWorkflows } from "../workflow";

/**
 * The space's component library (ComponentInfo of the original client). Each kind's module adds its rows
 * here as it arrives: the space's plugins, workflows, knowledge bases, data tables and own models.
 */
export async function listSpaceComponents(deps: Deps, actor: Actor, spaceId: number) {
  await accessSpace(deps, actor, spaceId);
  const [plugins, workflows, models, knowledge, tables] = await Promise.all([
    listSpacePlugins(deps, actor.tenantId, spaceId),
    listSpaceWorkflows(deps, actor.tenantId, spaceId),
    listSpaceOwnModels(deps.db, actor.tenantId, spaceId),
    listSpaceKnowledge(deps, spaceId),
    listSpaceTableItems(deps, actor.tenantId, spaceId),
  ]);
  const modelRows = models.map((m) => ({
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
  return [...plugins, ...workflows, ...knowledge, ...tables, ...modelRows].map((c) => ({
    ...c,
    icon: iconOr(c.type, c.icon),
  }));
}
