import type { PublishTargetType } from "#contract/enums";
import { freshIcons, freshLink, iconOr } from "#contract/icons";
import { pageOf } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { forbidden, notFound, requireSystemAdmin } from "#server/core";
import { toCreatorInfo } from "../agent/dto";
import type { agentPublishAdapter } from "../agent/publish-adapter";
import type { CopyResult } from "../agent/service";
import { labelOf } from "../component/kinds";
import type { pluginPublishAdapter } from "../plugin";
import { listSpacesOfUser } from "../space";
import { accessSpace } from "../space/service";
import { adapterFor, type SquareCardFields } from "./adapter";
import {
  type ApplyListInput,
  agentCategories,
  categoryTypes,
  type PublishedListInput,
  type SquareListInput,
} from "./contract";
import * as repo from "./repo";

/**
 * The square of one kind: tenant-wide publications (plus a space's own when asked by a member), newest first,
 * each card with its kind's own fields.
 */
async function squareList(
  deps: Deps,
  actor: Actor | null,
  tenantId: number,
  targetType: PublishTargetType,
  input: SquareListInput,
) {
  const adapter = adapterFor(targetType);
  let spaceIds: number[] | undefined;
  if (input.spaceId && actor) {
    await accessSpace(deps, actor, input.spaceId);
    spaceIds = [input.spaceId];
  }
  const { rows, total } = await repo.pagePublished(
    deps.db,
    tenantId,
    {
      targetType,
      spaceIds,
      category: input.category || undefined,
      kw: input.kw || undefined,
      allowCopy: input.allowCopy,
      onlyTemplate: input.onlyTemplate ?? 0,
    },
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  const fieldsOf = await adapter.squareFields(
    deps,
    actor,
    rows.map((r) => r.item.targetId),
  );
  const records = rows.map((row) => squareCard(row, fieldsOf(row.item.targetId)));
  return pageOf(records, total, input.pageSize, input.page);
}

/** One square card: the publication, its kind's fields and its publisher (the square and the favourites lists). */
export function squareCard<F extends SquareCardFields>(
  { item, user }: { item: repo.PublishedListRow; user: Parameters<typeof toCreatorInfo>[0] },
  fields: F,
) {
  return {
    id: item.id,
    tenantId: item.tenantId,
    spaceId: item.spaceId,
    targetType: item.targetType,
    targetId: item.targetId,
    name: item.name,
    description: item.description,
    icon: iconOr(item.targetType, item.icon),
    remark: item.remark,
    scope: item.scope,
    category: item.category,
    allowCopy: item.allowCopy,
    ...fields,
    publishUser: toCreatorInfo(user),
    created: item.created.toISOString(),
    modified: item.modified.toISOString(),
  };
}

type CardFieldsOf<A extends { squareFields(...args: never[]): Promise<(id: number) => SquareCardFields> }> = ReturnType<
  Awaited<ReturnType<A["squareFields"]>>
>;

/** The agent square, its cards typed with the agent adapter's fields (statistics, collect, liked) for the web. */
export async function squareAgents(deps: Deps, actor: Actor | null, tenantId: number, input: SquareListInput) {
  const page = await squareList(deps, actor, tenantId, "Agent", input);
  type Card = (typeof page.records)[number] & CardFieldsOf<typeof agentPublishAdapter>;
  return page as Omit<typeof page, "records"> & { records: Card[] };
}

/** The plugin square: the same listing, each card with its plugin type and code language. */
export async function squarePlugins(deps: Deps, actor: Actor | null, tenantId: number, input: SquareListInput) {
  const page = await squareList(deps, actor, tenantId, "Plugin", input);
  type Card = (typeof page.records)[number] & CardFieldsOf<typeof pluginPublishAdapter> & { targetType: "Plugin" };
  return page as Omit<typeof page, "records"> & { records: Card[] };
}

/** The workflow square: the same listing (workflow cards add no fields of their own). */
export async function squareWorkflows(deps: Deps, actor: Actor | null, tenantId: number, input: SquareListInput) {
  const page = await squareList(deps, actor, tenantId, "Workflow", input);
  type Card = (typeof page.records)[number] & { targetType: "Workflow" };
  return page as Omit<typeof page, "records"> & { records: Card[] };
}

export function categories() {
  const children = agentCategories.map((c) => ({ key: c.key, label: c.label }));
  return categoryTypes.map((type) => ({ type, children }));
}

/** A plugin application's HTTP or CODE, from the snapshot it asks to publish. */
function pluginTypeOf(apply: { targetType: PublishTargetType; pluginType: string | null }) {
  const type = apply.targetType === "Plugin" ? apply.pluginType : null;
  return type === "HTTP" || type === "CODE" ? type : null;
}

export async function applyList(deps: Deps, actor: Actor, input: ApplyListInput) {
  requireSystemAdmin(actor);
  const current = input.current ?? input.pageNo;
  const f = input.queryFilter;
  const { rows, total } = await repo.pageApplies(
    deps.db,
    actor.tenantId,
    { targetType: f.targetType, status: f.publishStatus, kw: f.kw },
    input.pageSize,
    (current - 1) * input.pageSize,
  );
  const records = rows.map(({ apply, user }) => ({
    id: apply.id,
    targetType: apply.targetType,
    targetId: apply.targetId,
    spaceId: apply.spaceId,
    name: apply.name,
    description: apply.description,
    icon: iconOr(apply.targetType, apply.icon),
    remark: apply.remark,
    scope: apply.scope,
    category: apply.category,
    publishStatus: apply.status,
    reason: apply.reason,
    pluginType: pluginTypeOf(apply),
    created: apply.created.toISOString(),
    applyUser: user ? { userId: user.id, userName: user.userName, nickName: user.nickName, role: user.role } : null,
  }));
  return pageOf(records, total, input.pageSize, current);
}

export async function getApply(deps: Deps, actor: Actor, applyId: number) {
  requireSystemAdmin(actor);
  const row = await repo.findApply(deps.db, actor.tenantId, applyId);
  if (!row) throw notFound("发布申请不存在");
  return {
    ...row,
    // The snapshot holds the icons as stored when applying: links to uploads are answered signed afresh.
    icon: freshLink(row.icon),
    config: freshIcons(row.config),
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    auditTime: row.auditTime?.toISOString() ?? null,
  };
}

export async function publishedList(deps: Deps, actor: Actor, input: PublishedListInput) {
  requireSystemAdmin(actor);
  const current = input.current ?? input.pageNo;
  const { rows, total } = await repo.pagePublished(
    deps.db,
    actor.tenantId,
    { targetType: input.queryFilter.targetType ?? "Agent", kw: input.queryFilter.kw },
    input.pageSize,
    (current - 1) * input.pageSize,
  );
  const records = rows.map(({ item, user }) => ({
    id: item.id,
    targetType: item.targetType,
    targetId: item.targetId,
    spaceId: item.spaceId,
    name: item.name,
    description: item.description,
    remark: item.remark,
    scope: item.scope,
    category: item.category,
    allowCopy: item.allowCopy,
    publishUser: toCreatorInfo(user),
    created: item.created.toISOString(),
  }));
  return pageOf(records, total, input.pageSize, current);
}

/**
 * Copies a published item that allows copying into one of the caller's spaces, from its snapshot; the kind's
 * adapter makes the new draft.
 */
export async function copyPublished(
  deps: Deps,
  actor: Actor,
  targetType: PublishTargetType,
  targetId: number,
  targetSpaceId: number,
): Promise<CopyResult> {
  const adapter = adapterFor(targetType);
  const label = labelOf(targetType);
  const spaceIds = (await listSpacesOfUser(deps.db, actor.tenantId, actor.userId)).map((r) => r.space.id);
  const live = (await repo.publishedOfTarget(deps.db, targetType, targetId)).filter(
    (p) =>
      p.tenantId === actor.tenantId &&
      (p.scope === "Tenant" || (p.publishSpaceId !== null && spaceIds.includes(p.publishSpaceId))),
  );
  if (!live.length) throw notFound(`${label}未发布或已下架`);
  // The copy comes from a publication that allows it, never from a visible one that does not.
  const published = live.find((p) => p.allowCopy === 1);
  if (!published) throw forbidden(`该${label}不允许复制`);
  const { space, role } = await accessSpace(deps, actor, targetSpaceId);
  if (space.allowDevelop === 0 && role === "User") throw forbidden("目标空间未开放开发功能");
  return adapter.copy(deps, actor, published, space);
}
