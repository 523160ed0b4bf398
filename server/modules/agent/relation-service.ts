import { iconOr } from "#contract/icons";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { listSpacesOfUser } from "../space";
import { toCreatorInfo, toStatistics } from "./dto";
import * as repo from "./repo";
import { accessAgent, visibleAgent } from "./service";

type Counter = { kind: "Collect" | "Like"; stat: "collectCount" | "likeCount" };
const counters = {
  collect: { kind: "Collect", stat: "collectCount" },
  like: { kind: "Like", stat: "likeCount" },
} satisfies Record<string, Counter>;

/** Idempotent: the counter moves only when the relation actually appears or disappears. */
export async function setCounted(deps: Deps, actor: Actor, agentId: number, which: keyof typeof counters, on: boolean) {
  const agent = await visibleAgent(deps, actor, agentId);
  const { kind, stat } = counters[which];
  await deps.db.transaction(async (tx) => {
    const changed = on
      ? await repo.insertRelationOnce(tx, actor.userId, agent.id, kind)
      : await repo.deleteRelation(tx, actor.userId, agent.id, kind);
    if (changed) await repo.bumpStatistic(tx, agent.id, stat, on ? 1 : -1);
  });
}

export async function setDevCollected(deps: Deps, actor: Actor, agentId: number, on: boolean) {
  const { agent } = await accessAgent(deps, actor, agentId);
  if (on) await repo.insertRelationOnce(deps.db, actor.userId, agent.id, "DevCollect");
  else await repo.deleteRelation(deps.db, actor.userId, agent.id, "DevCollect");
}

/**
 * Lists leave out agents the user can no longer see (left the space, draft of someone else's team); the
 * filter runs in the query so pages stay full and totals match the records.
 */
async function visibleSpaces(deps: Deps, actor: Actor): Promise<repo.VisibleSpaces> {
  if (actor.role === "Admin") return null;
  return (await listSpacesOfUser(deps.db, actor.tenantId, actor.userId)).map((r) => r.space.id);
}

function toAgentInfo(
  userId: number,
  r: { relation: { created: Date; modified: Date; extra: Record<string, unknown> }; agent: repo.AgentRow },
) {
  return {
    id: r.agent.id,
    userId,
    agentId: r.agent.id,
    spaceId: r.agent.spaceId,
    name: r.agent.name,
    icon: iconOr("Agent", r.agent.icon),
    description: r.agent.description,
    publishStatus: r.agent.publishStatus,
    lastConversationId: (r.relation.extra.conversationId as number | undefined) ?? null,
    created: r.relation.created.toISOString(),
    modified: r.relation.modified.toISOString(),
  };
}

export async function listRelated(deps: Deps, actor: Actor, kind: repo.RelationKind, size: number, page = 1) {
  const visible = await visibleSpaces(deps, actor);
  const offset = (page - 1) * size;
  const rows = await repo.listRelatedAgents(deps.db, actor.tenantId, actor.userId, kind, visible, {
    limit: size,
    offset,
  });
  return rows.map((r) => toAgentInfo(actor.userId, r));
}

export async function pageRelated(deps: Deps, actor: Actor, kind: repo.RelationKind, page: number, size: number) {
  const visible = await visibleSpaces(deps, actor);
  const [rows, total] = await Promise.all([
    repo.listRelatedAgents(deps.db, actor.tenantId, actor.userId, kind, visible, pageWindow(page, size)),
    repo.countRelatedAgents(deps.db, actor.tenantId, actor.userId, kind, visible),
  ]);
  const records = rows.map((r) => toAgentInfo(actor.userId, r));
  return pageOf(records, total, size, page);
}

const homeCategories = [
  { type: "Recently_Used", name: "最近使用", kind: "Conversation" },
  { type: "Recently_Edited", name: "最近编辑", kind: "Edit" },
  { type: "Collected", name: "我的收藏", kind: "Collect" },
  { type: "Dev_Collected", name: "开发收藏", kind: "DevCollect" },
] as const;

/** The home page's lists: {categories, categoryItems} as the original client reads them. */
export async function homeList(deps: Deps, actor: Actor) {
  const visible = await visibleSpaces(deps, actor);
  const categoryItems: Record<string, unknown[]> = {};
  for (const category of homeCategories) {
    const rows = await repo.listRelatedAgents(deps.db, actor.tenantId, actor.userId, category.kind, visible, {
      limit: 12,
    });
    const ids = rows.map((r) => r.agent.id);
    const [stats, creators, relations] = await Promise.all([
      repo.statisticsOf(deps.db, ids),
      repo.findUsers(deps.db, [...new Set(rows.map((r) => r.agent.creatorId))]),
      repo.relationsOf(deps.db, actor.userId, ids),
    ]);
    categoryItems[category.type] = rows.map(({ agent, relation }) => ({
      targetType: "Agent",
      targetId: agent.id,
      spaceId: agent.spaceId,
      name: agent.name,
      description: agent.description,
      icon: iconOr("Agent", agent.icon),
      publishStatus: agent.publishStatus,
      statistics: toStatistics(
        agent.id,
        stats.filter((s) => s.agentId === agent.id),
      ),
      publishUser: toCreatorInfo(creators.find((u) => u.id === agent.creatorId)),
      collect: relations.some((r) => r.agentId === agent.id && r.type === "Collect"),
      lastConversationId: (relation.extra.conversationId as number | undefined) ?? null,
      modified: relation.modified.toISOString(),
    }));
  }
  return { categories: homeCategories.map(({ type, name }) => ({ type, name })), categoryItems };
}
