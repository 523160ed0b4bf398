import type { Actor, Deps } from "../../api/context";
import { findUserById } from "../auth/repo";
import type { Variable } from "./contract";
import { toCreatorInfo, toStatistics } from "./dto";
import * as repo from "./repo";
import { visibleAgent } from "./service";

const manualModes = new Set(["MANUAL", "MANUAL_ON_DEMAND"]);

/** The agent as a chat user sees it on /agent/:id (AgentDetailDto of the original client). */
export async function agentDetail(deps: Deps, actor: Actor, agentId: number) {
  return describeAgent(deps, await visibleAgent(deps, actor, agentId), actor.userId);
}

/** The chat-facing view of an agent the caller was already allowed to see. */
export async function describeAgent(deps: Deps, agent: repo.AgentRow, viewerId: number) {
  const [components, stats, creator, relations] = await Promise.all([
    repo.listComponents(deps.db, agent.id),
    repo.statisticsOf(deps.db, [agent.id]),
    findUserById(deps.db, agent.creatorId),
    repo.relationsOf(deps.db, viewerId, [agent.id]),
  ]);
  const variables = (components.find((c) => c.type === "Variable")?.bindConfig.variables ?? []) as Variable[];
  return {
    agentId: agent.id,
    spaceId: agent.spaceId,
    name: agent.name,
    icon: agent.icon,
    description: agent.description,
    publishStatus: agent.publishStatus,
    publishDate: agent.publishDate?.toISOString() ?? null,
    remark: null,
    category: null,
    statistics: toStatistics(agent.id, stats),
    publishUser: toCreatorInfo(creator),
    openSuggest: agent.openSuggest,
    openingChatMsg: agent.openingChatMsg,
    openingGuidQuestions: agent.guidQuestions.filter((q) => q.type === "Question").map((q) => q.info),
    guidQuestionDtos: agent.guidQuestions,
    openScheduledTask: agent.openScheduledTask,
    variables: variables.filter((v) => v.enable !== false),
    manualComponents: components
      .filter((c) => manualModes.has(String(c.bindConfig.invokeType)))
      .map((c) => ({
        id: c.id,
        name: c.name,
        icon: c.icon,
        description: c.description,
        type: c.type,
        defaultSelected: (c.bindConfig.defaultSelected as 0 | 1 | undefined) ?? 0,
      })),
    allowCopy: 0,
    collect: relations.some((r) => r.type === "Collect"),
    liked: relations.some((r) => r.type === "Like"),
    conversationId: null,
  };
}
