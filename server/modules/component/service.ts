import type { ComponentPageInput } from "#contract/api/component";
import { iconOr } from "#contract/icons";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { listSpaceKnowledge } from "../knowledge";
import { listSpaceOwnModels } from "../model";
import { listSpacePlugins } from "../plugin";
import { accessSpace } from "../space/service";
import { listSpaceTableItems } from "../table";
import { listSpaceWorkflows } from "../workflow";
import { pageLibrary } from "./library-repo";

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

/**
 * One page of the library as its tabs and search box filter it (the 组件库 page): the same rows as the list
 * above, read in one query instead of every kind's whole table. 最近打开 lists the most recently changed first,
 * as every tab does (opening a component is not recorded).
 */
export async function pageSpaceComponents(deps: Deps, actor: Actor, input: ComponentPageInput) {
  await accessSpace(deps, actor, input.spaceId);
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const { rows, total } = await pageLibrary(
    deps.db,
    {
      tenantId: actor.tenantId,
      spaceId: input.spaceId,
      type: input.type,
      published: input.status === "Published",
      creatorId: input.creator === "Me" ? actor.userId : undefined,
      kw: input.kw || undefined,
    },
    limit,
    offset,
  );
  const records = rows.map(({ total: _, ...row }) => ({
    ...row,
    spaceId: input.spaceId,
    icon: iconOr(row.type, row.icon),
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  }));
  return pageOf(records, total, input.pageSize, input.current);
}
