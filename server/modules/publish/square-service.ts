import type { Actor, Deps } from "../../api/context";
import { fail, forbidden, notFound } from "../../api/envelope";
import { requireSystemAdmin } from "../../api/guards";
import { type AgentSnapshot, toCreatorInfo, toStatistics } from "../agent/dto";
import * as agents from "../agent/repo";
import { type CopyResult, modelForSpace, recordHistory } from "../agent/service";
import { listSpacesOfUser } from "../space/repo";
import { accessSpace } from "../space/service";
import { type ApplyListInput, agentCategories, type PublishedListInput, type SquareListInput } from "./contract";
import * as repo from "./repo";

const pageOf = <T>(records: T[], total: number, size: number, current: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});

/** The square: tenant-wide publications (plus a space's own when asked by a member), newest first. */
export async function squareAgents(deps: Deps, actor: Actor | null, tenantId: number, input: SquareListInput) {
  let spaceIds: number[] | undefined;
  if (input.spaceId && actor) {
    await accessSpace(deps, actor, input.spaceId);
    spaceIds = [input.spaceId];
  }
  const { rows, total } = await repo.pagePublished(
    deps.db,
    tenantId,
    {
      targetType: "Agent",
      spaceIds,
      category: input.category || undefined,
      kw: input.kw || undefined,
      allowCopy: input.allowCopy,
      onlyTemplate: input.onlyTemplate ?? 0,
    },
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  const ids = rows.map((r) => r.item.targetId);
  const [stats, relations] = await Promise.all([
    agents.statisticsOf(deps.db, ids),
    actor ? agents.relationsOf(deps.db, actor.userId, ids) : [],
  ]);
  const records = rows.map(({ item, user }) => ({
    id: item.id,
    tenantId: item.tenantId,
    spaceId: item.spaceId,
    targetType: item.targetType,
    targetId: item.targetId,
    name: item.name,
    description: item.description,
    icon: item.icon,
    remark: item.remark,
    scope: item.scope,
    category: item.category,
    allowCopy: item.allowCopy,
    statistics: toStatistics(
      item.targetId,
      stats.filter((s) => s.agentId === item.targetId),
    ),
    publishUser: toCreatorInfo(user),
    collect: relations.some((r) => r.agentId === item.targetId && r.type === "Collect"),
    liked: relations.some((r) => r.agentId === item.targetId && r.type === "Like"),
    created: item.created.toISOString(),
    modified: item.modified.toISOString(),
  }));
  return pageOf(records, total, input.pageSize, input.page);
}

export function categories() {
  return agentCategories.map((c) => ({ key: c.key, label: c.label, type: "Agent" as const }));
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
    icon: apply.icon,
    remark: apply.remark,
    scope: apply.scope,
    category: apply.category,
    publishStatus: apply.status,
    reason: apply.reason,
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

/** Copies a published agent that allows copying into one of the caller's spaces, from its snapshot. */
export async function copyPublished(
  deps: Deps,
  actor: Actor,
  targetId: number,
  targetSpaceId: number,
): Promise<CopyResult> {
  const spaceIds = (await listSpacesOfUser(deps.db, actor.tenantId, actor.userId)).map((r) => r.space.id);
  const live = (await repo.publishedOfTarget(deps.db, "Agent", targetId)).filter(
    (p) =>
      p.tenantId === actor.tenantId &&
      (p.scope === "Tenant" || (p.publishSpaceId !== null && spaceIds.includes(p.publishSpaceId))),
  );
  if (!live.length) throw notFound("智能体未发布或已下架");
  // The copy comes from a publication that allows it, never from a visible one that does not.
  const published = live.find((p) => p.allowCopy === 1);
  if (!published) throw forbidden("该智能体不允许复制");
  const { space, role } = await accessSpace(deps, actor, targetSpaceId);
  if (space.allowDevelop === 0 && role === "User") throw forbidden("目标空间未开放开发功能");
  const snapshot = published.config as unknown as AgentSnapshot;
  if (!Array.isArray(snapshot.components)) throw fail("发布快照已损坏");
  // The snapshot's model may be a private model of the publisher's space: the copy must not keep using it.
  const model = snapshot.components.find((c) => c.type === "Model");
  const { values: moved, notice } = model
    ? await modelForSpace(deps, { ...model, tenantId: actor.tenantId }, space.id)
    : { values: {}, notice: null };
  return deps.db.transaction(async (tx) => {
    const { components, guidQuestionDtos, ...fields } = snapshot;
    const copy = await agents.insertAgent(tx, {
      ...fields,
      guidQuestions: guidQuestionDtos,
      uid: crypto.randomUUID().replaceAll("-", ""),
      tenantId: actor.tenantId,
      spaceId: space.id,
      creatorId: actor.userId,
      name: `${published.name.slice(0, 62)}副本`,
      publishStatus: "Developing",
    });
    for (const { id: _id, ...c } of components) {
      const values = c.type === "Model" ? moved : {};
      await agents.insertComponent(tx, { ...c, ...values, tenantId: actor.tenantId, agentId: copy.id });
    }
    await agents.upsertRelation(tx, actor.userId, copy.id, "Edit");
    await recordHistory(tx, copy, actor, "Add", `从广场复制「${published.name}」${notice ? `；${notice}` : ""}`);
    return { id: copy.id, notice };
  });
}
