import type { AgentTemplateKey } from "#contract/api/agent";
import * as agentRepo from "#server/modules/agent";
import { insertApply, insertPublished } from "#server/modules/publish";
import { listSpacesOfUser } from "#server/modules/space";
import type { Actor, Deps } from "../core";
import { findAgent } from "../modules/agent";
import { agentPublishAdapter } from "../modules/agent/publish-adapter";
import { addAgent } from "../modules/agent/service";
import type { UserRow } from "../modules/auth";
import { findTenantConfigValues, saveTenantConfigValues } from "../modules/tenant";
import type { GuidQuestion } from "./schema";

/** The home page's agent: it answers on the built-in offline model until an admin adds a real one. */
const defaultAgent = {
  name: "通用助手",
  description: "平台默认的通用对话助手，可以回答问题、起草文字、整理思路",
  category: "Efficiency",
  systemPrompt: [
    "# 角色",
    "你是「通用助手」，一位友好、耐心、乐于助人的中文助手。",
    "",
    "# 要求",
    "- 用简洁、自然的中文回答，先给结论，再补充要点",
    "- 不确定的事情如实说明，不编造事实",
    "- 需要更多信息时，先礼貌地向用户确认",
  ].join("\n"),
  openingChatMsg: "你好！我是通用助手，有什么想问的、想写的或想理一理的，都可以直接告诉我。",
  guidQuestions: [
    { type: "Question", info: "你能帮我做些什么？" },
    { type: "Question", info: "帮我写一段周末出游的邀请" },
    { type: "Question", info: "用三句话解释什么是智能体" },
  ] satisfies GuidQuestion[],
};

/** Square examples, built from the create dialog's templates so they match what users can make themselves. */
const examples: { template: AgentTemplateKey; name: string; category: string }[] = [
  { template: "template-2", name: "写作助手", category: "Writing" },
  { template: "template-4", name: "学习伙伴", category: "Learning" },
  { template: "template-3", name: "客服助手", category: "Service" },
];

/** Puts an agent on the square as an approved, copyable publication, without an audit round trip or notices. */
async function publishToSquare(deps: Deps, actor: Actor, agentId: number, category: string) {
  const agent = await findAgent(deps.db, actor.tenantId, agentId);
  if (!agent) throw new Error(`seeded agent ${agentId} is missing`);
  const now = new Date();
  const publication = {
    tenantId: actor.tenantId,
    spaceId: agent.spaceId,
    targetType: "Agent" as const,
    targetId: agent.id,
    name: agent.name,
    description: agent.description,
    icon: agent.icon,
    remark: "系统示例",
    config: await agentPublishAdapter.snapshot(deps.db, agent),
    scope: "Tenant" as const,
    publishSpaceId: null,
    category,
    allowCopy: 1,
    onlyTemplate: 0,
  };
  const apply = await insertApply(deps.db, {
    ...publication,
    applyUserId: actor.userId,
    status: "Published",
    auditUserId: actor.userId,
    auditTime: now,
  });
  await insertPublished(deps.db, { ...publication, userId: actor.userId, applyId: apply.id });
  await agentPublishAdapter.setStatus(deps.db, actor.tenantId, agent.id, "Published", now);
  await agentPublishAdapter.recordHistory(
    deps.db,
    { tenantId: actor.tenantId, targetId: agent.id },
    actor,
    "Publish",
    "发布到广场",
  );
}

/**
 * First start only (the caller runs it right after creating the tenant): the home page's default agent and a
 * few square examples, all in the admin's personal space. A tenant that already has a default agent is left
 * alone, so running it twice changes nothing.
 */
export async function seedExamples(deps: Deps, admin: UserRow) {
  const stored = await findTenantConfigValues(deps.db, admin.tenantId);
  if (stored.defaultAgentId) return;
  const actor: Actor = {
    userId: admin.id,
    tenantId: admin.tenantId,
    role: admin.role,
    userName: admin.userName,
    tokenHash: "",
    tokenId: 0,
  };
  const [personal] = await listSpacesOfUser(deps.db, admin.tenantId, admin.id);
  if (!personal) throw new Error("the admin has no personal space");
  const spaceId = personal.space.id;

  const homeId = await addAgent(deps, actor, {
    spaceId,
    name: defaultAgent.name,
    description: defaultAgent.description,
    icon: "",
  });
  await agentRepo.updateAgent(deps.db, homeId, {
    systemPrompt: defaultAgent.systemPrompt,
    openingChatMsg: defaultAgent.openingChatMsg,
    guidQuestions: defaultAgent.guidQuestions,
    openSuggest: "Open",
  });
  await publishToSquare(deps, actor, homeId, defaultAgent.category);
  for (const example of examples) {
    const id = await addAgent(deps, actor, {
      spaceId,
      name: example.name,
      description: "",
      icon: "",
      template: example.template,
    });
    await publishToSquare(deps, actor, id, example.category);
  }
  await saveTenantConfigValues(deps.db, admin.tenantId, { ...stored, defaultAgentId: homeId });
  return homeId;
}
