import type { ComponentPermission } from "#contract/components";
import { componentPermissions } from "#contract/components";
import { freshIcons } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { forbidden, notFound } from "#server/core";
import { developsIn, toCreatorInfo } from "../agent/dto";
import type { SpaceRole } from "../space";
import { accessSpace } from "../space/service";

/**
 * What the caller may do with a plugin or workflow, as for agents (original-backend.md §3.2): every member may copy;
 * its creator (while the space is open to development) and the space's Admins and Owner may delete and publish.
 */
export function componentPermissionsFor(
  actor: Actor,
  creatorId: number,
  role: SpaceRole | null,
  develops: boolean,
): ComponentPermission[] {
  if (actor.role === "Admin") return [...componentPermissions];
  if (!role) return [];
  const spaceAdmin = role === "Owner" || role === "Admin";
  return spaceAdmin || (creatorId === actor.userId && develops) ? [...componentPermissions] : ["Copy"];
}

/**
 * The caller's access to a space-owned component named `label` (插件, 工作流). Outsiders learn nothing: they get the
 * same 4040 as for a missing item. `Edit` is any change to the draft (refused to plain members of a space closed to
 * development); the others are permissions of componentPermissionsFor.
 */
export async function accessComponent(
  deps: Deps,
  actor: Actor,
  item: { spaceId: number; creatorId: number },
  label: string,
  need?: ComponentPermission | "Edit",
) {
  let access: Awaited<ReturnType<typeof accessSpace>>;
  try {
    access = await accessSpace(deps, actor, item.spaceId);
  } catch {
    throw notFound(`${label}不存在`);
  }
  const { role, space } = access;
  const develops = developsIn(actor, space, role);
  const permissions = componentPermissionsFor(actor, item.creatorId, role, develops);
  if (need && need !== "Copy" && !develops) {
    throw forbidden(`该空间未开放开发功能，只有空间管理员可以修改${label}`);
  }
  if (need && need !== "Edit" && !permissions.includes(need)) {
    throw forbidden(`只有创建者或空间管理员可以${need === "Delete" ? "删除" : "发布"}该${label}`);
  }
  return { role, space, permissions, develops };
}

/** A copy's name: the original's, cut to fit the 64-character limit with 副本 after it. */
export const copyName = (name: string) => `${name.slice(0, 64 - 2)}副本`;

/**
 * As for agents: any member may copy within the space; into another space only the source space's Admins and
 * Owner (or a system admin), and only into a space where the caller may develop.
 */
export async function checkCopyTarget(
  deps: Deps,
  actor: Actor,
  source: { spaceId: number; role: SpaceRole | null },
  targetSpaceId: number,
) {
  const sameSpace = targetSpaceId === source.spaceId;
  if (!sameSpace && actor.role !== "Admin" && source.role !== "Owner" && source.role !== "Admin") {
    throw forbidden("只有空间管理员可以复制到其他空间");
  }
  const target = await accessSpace(deps, actor, targetSpaceId);
  if (!developsIn(actor, target.space, target.role)) {
    throw forbidden(sameSpace ? "该空间未开放开发功能" : "目标空间未开放开发功能");
  }
}

type HistoryRow = {
  entry: {
    id: number;
    targetId: number;
    type: string;
    config: unknown;
    description: string | null;
    created: Date;
    modified: Date;
  };
  user: Parameters<typeof toCreatorInfo>[0];
};

/** A config-history entry as the history lists of plugins and workflows answer it. */
export function historyEntryView<T extends "Plugin" | "Workflow">(targetType: T, row: HistoryRow) {
  const { entry, user } = row;
  return {
    id: entry.id,
    targetType,
    targetId: entry.targetId,
    type: entry.type,
    // Snapshots keep icons as stored; links to uploads are answered signed afresh.
    config: freshIcons(entry.config),
    description: entry.description,
    opUser: toCreatorInfo(user),
    created: entry.created.toISOString(),
    modified: entry.modified.toISOString(),
  };
}
