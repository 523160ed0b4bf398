import { iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { findUserById } from "../auth";
import { visiblePublication } from "../publish/visibility";
import { getTenantConfig } from "../tenant/service";
import type { Variable } from "./contract";
import { toCreatorInfo, toStatistics } from "./dto";
import { chatConversationId } from "./info-extras";
import * as repo from "./repo";
import { runnableConfig } from "./runnable";
import { visibleAgent } from "./service";

const manualModes = new Set(["MANUAL", "MANUAL_ON_DEMAND"]);

/** The agent as a chat user sees it on /agent/:id (AgentDetailDto): the published snapshot when there is one. */
export async function agentDetail(deps: Deps, actor: Actor, agentId: number, withConversation = false) {
  const agent = await visibleAgent(deps, actor, agentId);
  // Opened before describing, so the statistics already count a conversation this read started.
  const conversationId = withConversation ? await chatConversationId(deps, actor, agent.id) : null;
  const detail = await describeAgent(deps, agent, { viewerId: actor.userId, devMode: false });
  return { ...detail, conversationId };
}

/** The chat-facing view of an agent the caller was already allowed to see, from the config they would run. */
export async function describeAgent(deps: Deps, agent: repo.AgentRow, viewer: { viewerId: number; devMode: boolean }) {
  const [config, stats, creator, relations, published, tenant] = await Promise.all([
    runnableConfig(deps, agent, { devMode: viewer.devMode, userId: viewer.viewerId }),
    repo.statisticsOf(deps.db, [agent.id]),
    findUserById(deps.db, agent.creatorId),
    repo.relationsOf(deps.db, viewer.viewerId, [agent.id]),
    viewer.devMode ? undefined : visiblePublication(deps.db, agent.tenantId, viewer.viewerId, "Agent", agent.id),
    getTenantConfig(deps, agent.tenantId),
  ]);
  const variables = (config.components.find((c) => c.type === "Variable")?.bindConfig.variables ?? []) as Variable[];
  return {
    agentId: agent.id,
    spaceId: agent.spaceId,
    name: config.name,
    icon: iconOr("Agent", config.icon),
    description: config.description,
    publishStatus: agent.publishStatus,
    publishDate: agent.publishDate?.toISOString() ?? null,
    publishId: published?.id ?? null,
    remark: published?.remark ?? null,
    category: published?.category ?? null,
    allowCopy: published?.allowCopy ?? 0,
    statistics: toStatistics(agent.id, stats),
    publishUser: toCreatorInfo(creator),
    openSuggest: config.openSuggest,
    openingChatMsg: config.openingChatMsg,
    openingGuidQuestions: config.guidQuestionDtos.filter((q) => q.type === "Question").map((q) => q.info),
    guidQuestionDtos: config.guidQuestionDtos,
    openScheduledTask: config.openScheduledTask,
    openFileBox: config.openFileBox === "Open" ? ("Open" as const) : ("Close" as const),
    variables: variables.filter((v) => v.enable !== false),
    manualComponents: config.components
      .filter((c) => manualModes.has(String(c.bindConfig.invokeType)))
      .map((c) => ({
        id: c.id,
        name: c.name,
        icon: iconOr(c.type, c.icon),
        description: c.description,
        type: c.type,
        defaultSelected: (c.bindConfig.defaultSelected as 0 | 1 | undefined) ?? 0,
      })),
    collect: relations.some((r) => r.type === "Collect"),
    liked: relations.some((r) => r.type === "Like"),
    conversationId: null as number | null,
    shareLink: `${tenant.siteUrl.replace(/\/+$/, "")}/agent/${agent.id}`,
    expandPageArea: 0 as const,
    hideChatArea: 0 as const,
    pageHomeIndex: null,
  };
}
