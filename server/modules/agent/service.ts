import { randomUUID } from "node:crypto";
import { freshIcons } from "#contract/icons";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { fail, forbidden, notFound } from "#server/core";
import type { Db } from "#server/db/client";
import { findUserById } from "../auth";
import { copyName } from "../component/access";
import { findModel } from "../model";
import { modelVisibleTo } from "../model/service";
import { deleteAllOfTarget } from "../publish";
import { visiblePublication } from "../publish/visibility";
import { accessSpace, toSpaceDto } from "../space/service";
import { getTenantConfig } from "../tenant/service";
import {
  type AddAgentInput,
  type AgentListQuery,
  type AgentPageInput,
  modelBindSchema,
  type UpdateAgentInput,
} from "./contract";
import {
  type AgentPermission,
  agentSnapshot,
  developsIn,
  permissionsFor,
  toAgentDto,
  toCreatorInfo,
  toStatistics,
} from "./dto";
import { devConversationId, publicationsOf } from "./info-extras";
import * as repo from "./repo";
import { agentTemplates } from "./templates";

const newUid = () => randomUUID().replaceAll("-", "");

/** The agent, the caller's space role and permissions; outsiders are told it does not exist. */
export async function accessAgent(deps: Deps, actor: Actor, agentId: number, need?: AgentPermission) {
  const agent = await repo.findAgent(deps.db, actor.tenantId, agentId);
  if (!agent) throw notFound("智能体不存在");
  let access: Awaited<ReturnType<typeof accessSpace>>;
  try {
    access = await accessSpace(deps, actor, agent.spaceId);
  } catch {
    throw notFound("智能体不存在");
  }
  const { role, space } = access;
  const develops = developsIn(actor, space, role);
  const permissions = permissionsFor(actor, agent, role, await getTenantConfig(deps, actor.tenantId), develops);
  if (need && !permissions.includes(need)) {
    if (!develops && need !== "Copy" && need !== "TempChat" && need !== "AgentApi") throw closedToDevelopment();
    throw forbidden(
      need === "Delete" ? "只有创建者或空间管理员可以删除该智能体" : "只有创建者或空间管理员可以执行此操作",
    );
  }
  return { agent, role, space, permissions, develops };
}

export const closedToDevelopment = () => forbidden("该空间未开放开发功能，只有空间管理员可以修改智能体");

/** For every change to an agent's draft (config, components): refused to plain members of a closed space. */
export async function editableAgent(deps: Deps, actor: Actor, agentId: number) {
  const access = await accessAgent(deps, actor, agentId);
  if (!access.develops) throw closedToDevelopment();
  return access;
}

/** Published agents are visible to the whole tenant; drafts only to their space (and system admins). */
export async function visibleAgent(deps: Deps, actor: Actor, agentId: number) {
  const agent = await repo.findAgent(deps.db, actor.tenantId, agentId);
  if (!agent) throw notFound("智能体不存在");
  if (await visiblePublication(deps.db, actor.tenantId, actor.userId, "Agent", agent.id)) return agent;
  return (await accessAgent(deps, actor, agentId)).agent;
}

const EDIT_MERGE_MS = 10 * 60_000;

export async function recordHistory(
  db: Db,
  agent: repo.AgentRow,
  actor: Actor,
  type: Parameters<typeof repo.insertHistory>[1]["type"],
  description: string,
) {
  const fresh = (await repo.findAgent(db, agent.tenantId, agent.id)) ?? agent;
  const components = await repo.listComponents(db, agent.id);
  const config = agentSnapshot(fresh, components);
  // Autosave sends an edit every few seconds while someone types: one person's run of plain edits is one entry.
  const [last] = await repo.listHistory(db, "Agent", agent.id, 1);
  if (
    type === "Edit" &&
    last?.entry.type === "Edit" &&
    last.entry.opUserId === actor.userId &&
    last.entry.description === description &&
    Date.now() - last.entry.created.getTime() < EDIT_MERGE_MS
  ) {
    await repo.updateHistory(db, last.entry.id, { config, modified: new Date() });
    return;
  }
  await repo.insertHistory(db, {
    tenantId: agent.tenantId,
    targetType: "Agent",
    targetId: agent.id,
    type,
    config,
    description,
    opUserId: actor.userId,
  });
}

/** Every change bumps `modified` (the draft is newer than any publication) and the editor's recent list. */
export async function touchAgent(db: Db, agentId: number, userId: number) {
  await repo.updateAgent(db, agentId, { modified: new Date() });
  await repo.upsertRelation(db, userId, agentId, "Edit");
}

export async function addAgent(deps: Deps, actor: Actor, input: AddAgentInput) {
  const { space, role } = await accessSpace(deps, actor, input.spaceId);
  if (!developsIn(actor, space, role)) throw forbidden("该空间未开放开发功能");
  const tenant = await getTenantConfig(deps, actor.tenantId);
  const model = tenant.defaultChatModelId ? await findModel(deps.db, actor.tenantId, tenant.defaultChatModelId) : null;
  if (!model || !modelVisibleTo(model, space.id)) throw fail("请先在系统管理中设置默认对话模型");
  const template = agentTemplates[input.template ?? "template-1"];
  return deps.db.transaction(async (tx) => {
    const agent = await repo.insertAgent(tx, {
      uid: newUid(),
      tenantId: actor.tenantId,
      spaceId: space.id,
      creatorId: actor.userId,
      name: input.name,
      description: input.description || (input.template ? template.description : ""),
      icon: input.icon,
      systemPrompt: template.systemPrompt,
      openingChatMsg: template.openingChatMsg,
      guidQuestions: template.guidQuestions,
      openSuggest: template.openSuggest,
    });
    const bind = modelBindSchema.parse({ maxTokens: model.maxTokens });
    await repo.insertComponent(tx, {
      tenantId: actor.tenantId,
      agentId: agent.id,
      type: "Model",
      targetId: model.id,
      name: model.name,
      description: model.description,
      bindConfig: bind,
    });
    await repo.insertComponent(tx, {
      tenantId: actor.tenantId,
      agentId: agent.id,
      type: "Variable",
      targetId: -1,
      name: "变量",
      bindConfig: { variables: template.variables.map((v) => ({ ...v, key: v.name })) },
    });
    await repo.upsertRelation(tx, actor.userId, agent.id, "Edit");
    await recordHistory(tx, agent, actor, "Add", input.template ? `从模板「${template.name}」创建` : "创建智能体");
    return agent.id;
  });
}

const flagsOf = (rows: { agentId: number; type: repo.RelationKind }[]) => (agentId: number, type: repo.RelationKind) =>
  rows.some((r) => r.agentId === agentId && r.type === type);

async function relationFlags(db: Db, userId: number, agentIds: number[]) {
  return flagsOf(await repo.relationsOf(db, userId, agentIds));
}

export async function getAgent(deps: Deps, actor: Actor, agentId: number) {
  const { agent, permissions, space, role } = await accessAgent(deps, actor, agentId);
  // Apart from the reads below: a transaction beside concurrent queries would wait on the single PGlite client.
  const conversationId = await devConversationId(deps, actor, agent.id);
  const [components, stats, creator, has, publication] = await Promise.all([
    repo.listComponents(deps.db, agent.id),
    repo.statisticsOf(deps.db, [agent.id]),
    findUserById(deps.db, agent.creatorId),
    relationFlags(deps.db, actor.userId, [agent.id]),
    publicationsOf(deps, actor.tenantId, [agent.id]),
  ]);
  return toAgentDto(agent, {
    components,
    statistics: toStatistics(agent.id, stats),
    creator: toCreatorInfo(creator),
    permissions,
    devCollected: has(agent.id, "DevCollect"),
    collected: has(agent.id, "Collect"),
    liked: has(agent.id, "Like"),
    devConversationId: conversationId,
    space: toSpaceDto(space, role),
    publication: publication(agent.id),
  });
}

/** List rows carry everything a card shows; components are left out (the editor loads them). */
async function toListDtos(
  deps: Deps,
  actor: Actor,
  rows: repo.AgentRow[],
  { space, role }: Awaited<ReturnType<typeof accessSpace>>,
) {
  const ids = rows.map((a) => a.id);
  const develops = developsIn(actor, space, role);
  const [figures, creators, tenant, publication] = await Promise.all([
    repo.figuresOf(deps.db, actor.userId, ids),
    repo.findUsers(deps.db, [...new Set(rows.map((a) => a.creatorId))]),
    getTenantConfig(deps, actor.tenantId),
    publicationsOf(deps, actor.tenantId, ids),
  ]);
  const has = flagsOf(figures.relations);
  const stats = figures.statistics;
  const spaceDto = toSpaceDto(space, role);
  return rows.map((agent) =>
    toAgentDto(agent, {
      components: null,
      statistics: toStatistics(
        agent.id,
        stats.filter((s) => s.agentId === agent.id),
      ),
      creator: toCreatorInfo(creators.find((u) => u.id === agent.creatorId)),
      permissions: permissionsFor(actor, agent, role, tenant, develops),
      devCollected: has(agent.id, "DevCollect"),
      collected: has(agent.id, "Collect"),
      liked: has(agent.id, "Like"),
      devConversationId: null,
      space: spaceDto,
      publication: publication(agent.id),
    }),
  );
}

const filterOf = (actor: Actor, spaceId: number, q: AgentListQuery): repo.AgentFilter => ({
  spaceId,
  status: q.status,
  creatorId: q.creator === "Me" ? actor.userId : undefined,
  kw: q.kw || undefined,
  viewerId: actor.userId,
});

export async function listAgents(deps: Deps, actor: Actor, spaceId: number, query: AgentListQuery) {
  const access = await accessSpace(deps, actor, spaceId);
  const rows = await repo.listAgents(deps.db, filterOf(actor, spaceId, query));
  return toListDtos(deps, actor, rows, access);
}

export async function pageAgents(deps: Deps, actor: Actor, input: AgentPageInput) {
  const access = await accessSpace(deps, actor, input.spaceId);
  const filter = filterOf(actor, input.spaceId, input);
  const [total, rows] = await Promise.all([
    repo.countAgents(deps.db, filter),
    repo.listAgents(deps.db, filter, pageWindow(input.current, input.pageSize)),
  ]);
  return pageOf(await toListDtos(deps, actor, rows, access), total, input.pageSize, input.current);
}

export async function updateAgentConfig(deps: Deps, actor: Actor, input: UpdateAgentInput) {
  const { agent } = await editableAgent(deps, actor, input.id);
  const { id, guidQuestionDtos, openingGuidQuestions, ...fields } = input;
  const values: Partial<repo.NewAgent> = { ...fields };
  if (guidQuestionDtos) values.guidQuestions = guidQuestionDtos;
  else if (openingGuidQuestions)
    values.guidQuestions = openingGuidQuestions.map((info) => ({ type: "Question" as const, info }));
  await deps.db.transaction(async (tx) => {
    await repo.updateAgent(tx, id, { ...values, modified: new Date() });
    await repo.upsertRelation(tx, actor.userId, id, "Edit");
    await recordHistory(tx, agent, actor, "Edit", "修改配置");
  });
}

export async function deleteAgent(deps: Deps, actor: Actor, agentId: number) {
  await accessAgent(deps, actor, agentId, "Delete");
  await deps.db.transaction(async (tx) => {
    await deleteAllOfTarget(tx, "Agent", agentId);
    await repo.deleteAgent(tx, agentId);
  });
}

async function visibleModel(deps: Deps, tenantId: number, spaceId: number, modelId: number | null | undefined) {
  if (typeof modelId !== "number") return null;
  const model = await findModel(deps.db, tenantId, modelId);
  return model && modelVisibleTo(model, spaceId) ? model : null;
}

type ModelComponent = Pick<repo.ComponentRow, "tenantId" | "targetId" | "name" | "bindConfig">;

/**
 * A Model component arriving in another space (copy, transfer, a copy from the square): a model the new
 * space can use (a tenant model, or one of that space's own) is kept. A private model of another space is
 * not — its key is that space's — so it is swapped for the tenant's default chat model, and such a reasoning
 * model is dropped, so the agent keeps working there. Returns the values that change and, when something
 * was swapped, a Chinese sentence telling the user (the response message and the copy's history say it).
 */
export async function modelForSpace(deps: Deps, component: ModelComponent, spaceId: number) {
  const { tenantId } = component;
  const values: Partial<repo.NewComponent> = {};
  const notes: string[] = [];
  if (!(await visibleModel(deps, tenantId, spaceId, component.targetId))) {
    const tenant = await getTenantConfig(deps, tenantId);
    const fallback = await visibleModel(deps, tenantId, spaceId, tenant.defaultChatModelId);
    if (fallback) {
      Object.assign(values, { targetId: fallback.id, name: fallback.name, description: fallback.description });
      notes.push(`原模型「${component.name}」是其他空间的私有模型，已换成默认模型「${fallback.name}」`);
    } else notes.push(`原模型「${component.name}」是其他空间的私有模型，请重新选择模型`);
  }
  const reasoningId = component.bindConfig.reasoningModelId as number | null | undefined;
  if (reasoningId != null && !(await visibleModel(deps, tenantId, spaceId, reasoningId))) {
    values.bindConfig = { ...component.bindConfig, reasoningModelId: null };
    notes.push("推理模型是其他空间的私有模型，已取消");
  }
  return { values, notice: notes.length ? notes.join("；") : null };
}

/** What a copy reports: the new agent's id, and a notice when its model had to be swapped. */
export interface CopyResult {
  id: number;
  notice: string | null;
}

/**
 * Same space: any member. Another space: Admin/Owner of the source and a member of the target. A copy is a
 * new agent, so (like add) a plain member cannot create one in a space closed to development.
 */
export async function copyAgent(
  deps: Deps,
  actor: Actor,
  agentId: number,
  targetSpaceId?: number,
): Promise<CopyResult> {
  const { agent, role } = await accessAgent(deps, actor, agentId, "Copy");
  const spaceId = targetSpaceId ?? agent.spaceId;
  if (spaceId !== agent.spaceId && actor.role !== "Admin" && role !== "Owner" && role !== "Admin") {
    throw forbidden("只有空间管理员可以复制到其他空间");
  }
  const target = await accessSpace(deps, actor, spaceId);
  if (target.space.allowDevelop === 0 && target.role === "User") {
    throw forbidden(spaceId === agent.spaceId ? "该空间未开放开发功能" : "目标空间未开放开发功能");
  }
  const components = await repo.listComponents(deps.db, agent.id);
  const model = components.find((c) => c.type === "Model");
  const { values: moved, notice } =
    model && spaceId !== agent.spaceId ? await modelForSpace(deps, model, spaceId) : { values: {}, notice: null };
  return deps.db.transaction(async (tx) => {
    const { id: _id, uid: _uid, created: _c, modified: _m, publishDate: _p, ...fields } = agent;
    const copy = await repo.insertAgent(tx, {
      ...fields,
      uid: newUid(),
      spaceId,
      creatorId: actor.userId,
      name: copyName(agent.name),
      publishStatus: "Developing",
    });
    for (const { id: _cid, created: _cc, modified: _cm, ...c } of components) {
      await repo.insertComponent(tx, { ...c, ...(c.type === "Model" ? moved : {}), agentId: copy.id });
    }
    await repo.upsertRelation(tx, actor.userId, copy.id, "Edit");
    await recordHistory(tx, copy, actor, "Add", `复制自「${agent.name}」${notice ? `；${notice}` : ""}`);
    return { id: copy.id, notice };
  });
}

export async function transferAgent(deps: Deps, actor: Actor, agentId: number, targetSpaceId: number) {
  const { agent } = await accessAgent(deps, actor, agentId, "Transfer");
  if (targetSpaceId === agent.spaceId) throw fail("智能体已在该空间中");
  const target = await accessSpace(deps, actor, targetSpaceId);
  if (target.space.allowDevelop === 0 && target.role === "User") throw forbidden("目标空间未开放开发功能");
  const model = (await repo.listComponents(deps.db, agent.id)).find((c) => c.type === "Model");
  const { values: moved, notice } = model
    ? await modelForSpace(deps, model, targetSpaceId)
    : { values: {}, notice: null };
  await deps.db.transaction(async (tx) => {
    await repo.updateAgent(tx, agentId, { spaceId: targetSpaceId, modified: new Date() });
    if (model && Object.keys(moved).length) await repo.updateComponent(tx, model.id, moved);
    await recordHistory(tx, agent, actor, "Edit", `迁移到空间「${target.space.name}」${notice ? `；${notice}` : ""}`);
  });
  return notice;
}

export async function listHistory(deps: Deps, actor: Actor, agentId: number) {
  await accessAgent(deps, actor, agentId);
  const rows = await repo.listHistory(deps.db, "Agent", agentId);
  return rows.map(({ entry, user }) => ({
    id: entry.id,
    targetType: entry.targetType,
    targetId: entry.targetId,
    type: entry.type,
    // Snapshots keep icons as stored; links to uploads are answered signed afresh.
    config: freshIcons(entry.config),
    description: entry.description,
    opUser: toCreatorInfo(user),
    created: entry.created.toISOString(),
    modified: entry.modified.toISOString(),
  }));
}

export async function listCards(deps: Deps) {
  const rows = await repo.listCards(deps.db);
  return rows.map((c) => ({ id: c.id, cardKey: c.cardKey, name: c.name, imageUrl: c.imageUrl, argList: c.args }));
}
