import { type AgentPermission, type AgentSnapshot, agentPermissions } from "#contract/api/agent-dto";
import { iconOr } from "#contract/icons";
import type { Actor } from "#server/core";
import { statisticNames } from "#server/db/schema";
import type { UserRow } from "../auth";
import type { SpaceRole } from "../space";
import type { SpaceDto } from "../space/service";
import type { TenantConfig } from "../tenant/contract";
import type { AgentRow, ComponentRow } from "./repo";

export type { AgentPermission, AgentSnapshot };
export { agentPermissions };

/**
 * Whether the caller may develop (create, edit, delete, move, publish) agents in a space: its Admins and
 * Owner and system admins always; plain members only while the space is open to development
 * (docs/decisions: space development rules).
 */
export function developsIn(actor: Actor, space: { allowDevelop: number }, role: SpaceRole | null) {
  return actor.role === "Admin" || role === "Owner" || role === "Admin" || space.allowDevelop !== 0;
}

/**
 * What the caller may do with an agent (reference: original-backend §3.2). A plain member who did not
 * create the agent may copy it but not delete, move or publish it; in a space closed to development a plain
 * member may not do that with their own agents either.
 */
export function permissionsFor(
  actor: Actor,
  agent: AgentRow,
  role: SpaceRole | null,
  tenant: TenantConfig,
  develops: boolean,
): AgentPermission[] {
  const granted = new Set<AgentPermission>(actor.role === "Admin" ? agentPermissions : []);
  if (!role && actor.role !== "Admin") return [];
  granted.add("Copy");
  const spaceAdmin = role === "Owner" || role === "Admin";
  if ((agent.creatorId === actor.userId && develops) || spaceAdmin) {
    for (const p of ["Transfer", "Delete", "Publish", "Export"] as const) granted.add(p);
  }
  if (tenant.allowAgentApi === 1) granted.add("AgentApi");
  if (tenant.allowAgentTempChat === 1) granted.add("TempChat");
  return agentPermissions.filter((p) => granted.has(p));
}

export function toCreatorInfo(u: Pick<UserRow, "id" | "userName" | "nickName" | "avatar"> | undefined | null) {
  if (!u) return null;
  return { userId: u.id, userName: u.userName, nickName: u.nickName, avatar: iconOr("User", u.avatar) };
}

export type Statistics = Record<(typeof statisticNames)[number], number> & { targetId: number };

export function toStatistics(
  agentId: number,
  rows: { name: (typeof statisticNames)[number]; value: number }[],
): Statistics {
  const stats = Object.fromEntries(statisticNames.map((n) => [n, 0])) as Statistics;
  for (const r of rows) stats[r.name] = r.value;
  stats.targetId = agentId;
  return stats;
}

export function toComponentDto(c: ComponentRow, spaceId: number) {
  return {
    id: c.id,
    tenantId: c.tenantId,
    agentId: c.agentId,
    spaceId,
    type: c.type,
    targetId: c.targetId,
    name: c.name,
    icon: iconOr(c.type, c.icon),
    description: c.description,
    bindConfig: c.bindConfig,
    exceptionOut: c.exceptionOut,
    fallbackMsg: c.fallbackMsg,
    targetConfig: null,
    groupName: null,
    groupDescription: null,
    created: c.created.toISOString(),
    modified: c.modified.toISOString(),
  };
}
export type ComponentDto = ReturnType<typeof toComponentDto>;

/** The agent's whole configuration, as stored in history entries and (later) publish snapshots. */
export function agentSnapshot(agent: AgentRow, components: ComponentRow[]): AgentSnapshot {
  return {
    name: agent.name,
    description: agent.description,
    icon: agent.icon,
    systemPrompt: agent.systemPrompt,
    userPrompt: agent.userPrompt,
    openSuggest: agent.openSuggest,
    suggestPrompt: agent.suggestPrompt,
    openingChatMsg: agent.openingChatMsg,
    guidQuestionDtos: agent.guidQuestions,
    openLongMemory: agent.openLongMemory,
    openScheduledTask: agent.openScheduledTask,
    openFileBox: agent.openFileBox,
    shortcutInstructions: agent.shortcutInstructions,
    components: components.map((c) => ({
      id: c.id,
      type: c.type,
      targetId: c.targetId,
      name: c.name,
      icon: c.icon,
      description: c.description,
      bindConfig: c.bindConfig,
      exceptionOut: c.exceptionOut,
      fallbackMsg: c.fallbackMsg,
    })),
  };
}

export function toAgentDto(
  agent: AgentRow,
  extra: {
    components: ComponentRow[] | null;
    statistics: Statistics;
    creator: ReturnType<typeof toCreatorInfo>;
    permissions: AgentPermission[];
    devCollected: boolean;
    collected: boolean;
    liked: boolean;
    devConversationId: number | null;
    space: SpaceDto | null;
    publication: { publishUser: ReturnType<typeof toCreatorInfo>; remark: string; category: string } | null;
  },
) {
  const components = extra.components?.map((c) => toComponentDto(c, agent.spaceId)) ?? null;
  return {
    id: agent.id,
    uid: agent.uid,
    tenantId: agent.tenantId,
    spaceId: agent.spaceId,
    creatorId: agent.creatorId,
    name: agent.name,
    description: agent.description,
    icon: iconOr("Agent", agent.icon),
    systemPrompt: agent.systemPrompt,
    userPrompt: agent.userPrompt,
    openSuggest: agent.openSuggest,
    suggestPrompt: agent.suggestPrompt,
    openingChatMsg: agent.openingChatMsg,
    openingGuidQuestions: agent.guidQuestions.filter((q) => q.type === "Question").map((q) => q.info),
    guidQuestionDtos: agent.guidQuestions,
    openLongMemory: agent.openLongMemory,
    openScheduledTask: agent.openScheduledTask,
    openFileBox: agent.openFileBox,
    shortcutInstructions: agent.shortcutInstructions,
    publishStatus: agent.publishStatus,
    publishDate: agent.publishDate?.toISOString() ?? null,
    created: agent.created.toISOString(),
    modified: agent.modified.toISOString(),
    creator: extra.creator,
    agentStatistics: extra.statistics,
    modelComponentConfig: components?.find((c) => c.type === "Model") ?? null,
    agentComponentConfigList: components,
    permissions: extra.permissions,
    devCollected: extra.devCollected,
    collected: extra.collected,
    liked: extra.liked,
    devConversationId: extra.devConversationId,
    space: extra.space,
    publishUser: extra.publication?.publishUser ?? null,
    publishRemark: extra.publication?.remark ?? null,
    category: extra.publication?.category ?? null,
    expandPageArea: 0 as const,
    hideChatArea: 0 as const,
    pageHomeIndex: null,
  };
}
export type AgentDto = ReturnType<typeof toAgentDto>;
