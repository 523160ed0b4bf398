import type { PublishTargetType } from "#contract/enums";
import type { Actor, Deps } from "#server/core";
import { fail, notFound, requireSystemAdmin } from "#server/core";
import type { Db } from "#server/db/client";
import { toCreatorInfo } from "../agent/dto";
import { findUserById } from "../auth";
import { labelOf } from "../component/kinds";
import { notify, notifyAdmins } from "../notify/service";
import { accessSpace } from "../space/service";
import { getTenantConfig } from "../tenant/service";
import { adapterFor, hasAdapter } from "./adapter";
import type { AgentApplyInput, ApplyInput } from "./contract";
import * as repo from "./repo";

/** The tenant setting that sends a kind's square applications to audit (agentPublishAudit, pluginPublishAudit…). */
const auditFlag = (type: PublishTargetType) =>
  `${type.charAt(0).toLowerCase()}${type.slice(1)}PublishAudit` as `${Uncapitalize<PublishTargetType>}PublishAudit`;

const scopeLabel = (apply: Pick<repo.ApplyRow, "scope">) => (apply.scope === "Tenant" ? "广场" : "空间");

/** After a publication goes or an application fails: Published while any publication is live, else Developing. */
async function settleStatus(db: Db, row: Pick<repo.ApplyRow, "tenantId" | "targetType" | "targetId">) {
  const live = await repo.publishedOfTarget(db, row.targetType, row.targetId);
  const pending = await repo.hasPendingApply(db, row.targetType, row.targetId);
  const status = live.length ? "Published" : pending ? "Applying" : "Developing";
  await adapterFor(row.targetType).setStatus(db, row.tenantId, row.targetId, status);
}

/**
 * Makes a waiting application live: replaces the same-scope publication with the applied snapshot. Refused when
 * a concurrent audit settled it first.
 */
async function approve(db: Db, pending: repo.ApplyRow, auditor: Actor, notifyApplicant: boolean) {
  const apply = await repo.claimApply(db, pending.id, {
    status: "Published",
    auditUserId: auditor.userId,
    auditTime: new Date(),
    modified: new Date(),
  });
  if (!apply) throw fail("该申请已处理");
  await repo.deletePublishedSameScope(db, apply.targetType, apply.targetId, apply.scope, apply.publishSpaceId);
  await repo.insertPublished(db, {
    tenantId: apply.tenantId,
    spaceId: apply.spaceId,
    userId: apply.applyUserId,
    applyId: apply.id,
    targetType: apply.targetType,
    targetId: apply.targetId,
    name: apply.name,
    description: apply.description,
    icon: apply.icon,
    remark: apply.remark,
    config: apply.config,
    scope: apply.scope,
    publishSpaceId: apply.publishSpaceId,
    category: apply.category,
    allowCopy: apply.allowCopy,
    onlyTemplate: apply.onlyTemplate,
  });
  const adapter = adapterFor(apply.targetType);
  await adapter.setStatus(db, apply.tenantId, apply.targetId, "Published", new Date());
  await adapter.recordHistory(db, apply, auditor, "Publish", `发布到${scopeLabel(apply)}`);
  if (notifyApplicant) {
    await notify(db, apply.tenantId, {
      senderId: null,
      scope: "System",
      content: `你的${labelOf(apply.targetType)}「${apply.name}」已通过审核，发布到${scopeLabel(apply)}。`,
      userIds: [apply.applyUserId],
    });
  }
}

/**
 * Applies to publish: stores the draft's snapshot per scope. Space scope goes live at once; Tenant scope
 * waits for an admin when the tenant audits that kind, while any previous publication stays live. A target
 * type without a registered adapter answers as a missing target.
 */
export async function apply(deps: Deps, actor: Actor, input: ApplyInput) {
  const { targetType } = input;
  const adapter = adapterFor(targetType);
  const target = await adapter.access(deps, actor, input.targetId, "publish");
  const snapshot = await adapter.snapshot(deps.db, target);
  const tenant = await getTenantConfig(deps, actor.tenantId);
  const audited = tenant[auditFlag(targetType)] === 1;
  const label = labelOf(targetType);
  const items: (ApplyInput["items"][number] & { publishSpaceId: number | null })[] = [];
  for (const item of input.items) {
    const publishSpaceId = item.scope === "Space" ? (item.spaceId ?? target.spaceId) : null;
    if (publishSpaceId !== null) {
      const { space } = await accessSpace(deps, actor, publishSpaceId);
      if (space.id !== target.spaceId && space.receivePublish !== 1) throw fail(`空间「${space.name}」不接收外部发布`);
    }
    items.push({ ...item, publishSpaceId });
  }
  let pending = 0;
  await deps.db.transaction(async (tx) => {
    await repo.lockTarget(tx, targetType, target.id);
    for (const item of items) {
      await repo.deletePendingApplies(tx, targetType, target.id, item.scope, item.publishSpaceId);
      const row = await repo.insertApply(tx, {
        tenantId: actor.tenantId,
        spaceId: target.spaceId,
        applyUserId: actor.userId,
        targetType,
        targetId: target.id,
        name: target.name,
        description: target.description,
        icon: target.icon,
        remark: input.remark,
        config: snapshot,
        scope: item.scope,
        publishSpaceId: item.publishSpaceId,
        category: input.category,
        allowCopy: item.allowCopy,
        onlyTemplate: item.onlyTemplate,
      });
      const note = `申请发布到${scopeLabel(item)}${input.remark ? `：${input.remark}` : ""}`;
      await adapter.recordHistory(tx, { tenantId: actor.tenantId, targetId: target.id }, actor, "PublishApply", note);
      if (item.scope === "Tenant" && audited) pending += 1;
      else await approve(tx, row, actor, false);
    }
    if (pending) {
      const live = await repo.publishedOfTarget(tx, targetType, target.id);
      // Any live publication keeps the target Published while the new application waits.
      if (!live.length) await adapter.setStatus(tx, actor.tenantId, target.id, "Applying");
      await notifyAdmins(
        tx,
        actor.tenantId,
        `${actor.userName} 申请发布${label}「${target.name}」到广场，请在「系统管理 → 发布审核」中处理。`,
      );
    }
  });
  return pending ? "已提交审核，请等待管理员审核" : "发布成功";
}

export async function applyAgent(deps: Deps, actor: Actor, agentId: number, input: AgentApplyInput) {
  return apply(deps, actor, {
    targetType: "Agent",
    targetId: agentId,
    remark: input.remark,
    category: input.category,
    items: [{ scope: input.scope, spaceId: input.spaceId, allowCopy: input.allowCopy, onlyTemplate: 0 }],
  });
}

/**
 * A target's publications for the publish dialog: every live one (with its publishId, for off-shelf), and for
 * each scope whose newest application is still waiting or was rejected, that application (publishId null,
 * with the rejection reason).
 */
export async function listItems(deps: Deps, actor: Actor, targetType: PublishTargetType, targetId: number) {
  // A kind that cannot be published yet has no publications to list.
  if (!hasAdapter(targetType)) return [];
  const target = await adapterFor(targetType).access(deps, actor, targetId, "view");
  const [live, applies] = await Promise.all([
    repo.publishedOfTarget(deps.db, targetType, target.id),
    repo.appliesOfTarget(deps.db, targetType, target.id),
  ]);
  const newestPerScope = new Map<string, repo.ApplyRow>();
  for (const a of applies) {
    const key = `${a.scope}:${a.publishSpaceId ?? ""}`;
    if (!newestPerScope.has(key)) newestPerScope.set(key, a);
  }
  const open = [...newestPerScope.values()].filter((a) => a.status !== "Published");
  const userIds = [...new Set([...live.map((p) => p.userId), ...open.map((a) => a.applyUserId)])];
  const people = new Map<number, ReturnType<typeof toCreatorInfo>>();
  for (const id of userIds) people.set(id, toCreatorInfo(await findUserById(deps.db, id)));
  const item = (
    row: repo.ApplyRow | repo.PublishedRow,
    extra: { publishId: number | null; publishStatus: repo.ApplyRow["status"]; reason: string; userId: number },
  ) => ({
    publishId: extra.publishId,
    publishStatus: extra.publishStatus,
    scope: row.scope,
    spaceId: row.publishSpaceId,
    allowCopy: row.allowCopy,
    onlyTemplate: row.onlyTemplate,
    category: row.category,
    publishDate: row.created.toISOString(),
    description: row.remark,
    reason: extra.reason,
    publishUser: people.get(extra.userId) ?? null,
  });
  return [
    ...open.map((a) => item(a, { publishId: null, publishStatus: a.status, reason: a.reason, userId: a.applyUserId })),
    ...live.map((p) => item(p, { publishId: p.id, publishStatus: "Published", reason: "", userId: p.userId })),
  ];
}

async function pendingApply(deps: Deps, actor: Actor, applyId: number) {
  requireSystemAdmin(actor);
  const row = await repo.findApply(deps.db, actor.tenantId, applyId);
  if (!row) throw notFound("发布申请不存在");
  if (row.status !== "Applying") throw fail("该申请已处理");
  return row;
}

export async function approveApply(deps: Deps, actor: Actor, applyId: number) {
  const row = await pendingApply(deps, actor, applyId);
  await deps.db.transaction(async (tx) => {
    await repo.lockTarget(tx, row.targetType, row.targetId);
    await approve(tx, row, actor, true);
  });
}

export async function rejectApply(deps: Deps, actor: Actor, applyId: number, reason: string) {
  const row = await pendingApply(deps, actor, applyId);
  await deps.db.transaction(async (tx) => {
    await repo.lockTarget(tx, row.targetType, row.targetId);
    const claimed = await repo.claimApply(tx, row.id, {
      status: "Rejected",
      reason,
      auditUserId: actor.userId,
      auditTime: new Date(),
      modified: new Date(),
    });
    if (!claimed) throw fail("该申请已处理");
    await settleStatus(tx, row);
    await adapterFor(row.targetType).recordHistory(tx, row, actor, "PublishApplyReject", `发布申请被拒绝：${reason}`);
    await notify(tx, row.tenantId, {
      senderId: null,
      scope: "System",
      content: `你的${labelOf(row.targetType)}「${row.name}」发布申请未通过审核，原因：${reason}`,
      userIds: [row.applyUserId],
    });
  });
}

/** Takes one publication off the shelf; with none left the target is back in development. */
async function offShelf(db: Db, actor: Actor, published: repo.PublishedRow, reason: string) {
  await repo.lockTarget(db, published.targetType, published.targetId);
  if (!(await repo.deletePublished(db, published.id))) throw notFound("发布记录不存在");
  await settleStatus(db, published);
  const text = `从${scopeLabel(published)}下架：${reason}`;
  await adapterFor(published.targetType).recordHistory(db, published, actor, "OffShelf", text);
  if (published.userId !== actor.userId) {
    await notify(db, published.tenantId, {
      senderId: null,
      scope: "System",
      content: `你的${labelOf(published.targetType)}「${published.name}」已从${scopeLabel(published)}下架，原因：${reason}`,
      userIds: [published.userId],
    });
  }
}

export async function offShelfByOwner(deps: Deps, actor: Actor, publishId: number) {
  const published = await repo.findPublished(deps.db, actor.tenantId, publishId);
  if (!published || !hasAdapter(published.targetType)) throw notFound("发布记录不存在");
  await adapterFor(published.targetType).access(deps, actor, published.targetId, "publish");
  await deps.db.transaction((tx) => offShelf(tx, actor, published, "用户自行下架"));
}

export async function offShelfByAdmin(deps: Deps, actor: Actor, publishId: number, reason: string) {
  requireSystemAdmin(actor);
  const published = await repo.findPublished(deps.db, actor.tenantId, publishId);
  if (!published) throw notFound("发布记录不存在");
  await deps.db.transaction((tx) => offShelf(tx, actor, published, reason));
}
