import type { Actor, Deps } from "#server/core";
import { reusableConversation } from "../conversation";
import { publishedOfTargets } from "../publish";
import { toCreatorInfo } from "./dto";
import * as repo from "./repo";

/**
 * The publication facts the original client shows on agent info and lists (publisher, note, category): from the
 * agent's live publication, the tenant-wide one first, else the newest.
 */
export async function publicationsOf(deps: Deps, tenantId: number, agentIds: number[]) {
  const rows = (await publishedOfTargets(deps.db, "Agent", agentIds)).filter((r) => r.tenantId === tenantId);
  const users = await repo.findUsers(deps.db, [...new Set(rows.map((r) => r.userId))]);
  return (agentId: number) => {
    const mine = rows.filter((r) => r.targetId === agentId);
    const row = mine.find((r) => r.scope === "Tenant") ?? mine[0];
    if (!row) return null;
    return {
      publishUser: toCreatorInfo(users.find((u) => u.id === row.userId)),
      remark: row.remark,
      category: row.category,
    };
  };
}

/** The caller's development (debug) conversation with an agent they may develop; created on the first read. */
export async function devConversationId(deps: Deps, actor: Actor, agentId: number) {
  const { conversation } = await reusableConversation(deps.db, {
    uid: crypto.randomUUID().replaceAll("-", ""),
    tenantId: actor.tenantId,
    userId: actor.userId,
    agentId,
    devMode: 1,
  });
  return conversation.id;
}

/**
 * The caller's chat with a published agent for its details page: the newest one still empty, else a new one counted
 * like any conversation started with the agent.
 */
export async function chatConversationId(deps: Deps, actor: Actor, agentId: number) {
  const { conversation, created } = await reusableConversation(deps.db, {
    uid: crypto.randomUUID().replaceAll("-", ""),
    tenantId: actor.tenantId,
    userId: actor.userId,
    agentId,
    devMode: 0,
  });
  if (created) {
    await repo.bumpStatistic(deps.db, agentId, "convCount", 1);
    if (await repo.insertRelationOnce(deps.db, actor.userId, agentId, "Conversation")) {
      await repo.bumpStatistic(deps.db, agentId, "userCount", 1);
    }
  }
  return conversation.id;
}
