import { randomUUID } from "node:crypto";
import { defaultIcon } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { badInput, fail, notFound } from "#server/core";
import type { Attachment } from "#server/db/schema";
import { remembered } from "#server/db/yielding";
import type { ChatEvent } from "#server/runtime/agent/events";
import { beginTurn, streamTurn, type TurnInput } from "#server/runtime/agent/run";
import { afterTurn } from "#server/runtime/agent/turn-end";
import * as agents from "../agent";
import { describeAgent } from "../agent/detail-service";
import { modelOf, runnableConfig } from "../agent/runnable";
import { accessAgent, visibleAgent } from "../agent/service";
import { attachableFiles, FILE_KEY_RE, signedUrl } from "../file/service";
import { type ConversationTaskFields, NO_TASK, taskFieldsOf } from "../task/conversation-fields";
import { getTenantConfig } from "../tenant/service";
import type {
  ChatInput,
  CreateConversationInput,
  ListConversationInput,
  MessageListInput,
  UpdateConversationInput,
} from "./contract";
import { generateTitle, suggestQuestions } from "./generation";
import * as repo from "./repo";

const BUSY = "上一条回复还在生成中，请稍候或先停止";
const NO_CONVERSATION = "会话不存在";
/** 文件盒 off: the agent takes no attachments (the chat hides them; this is for other clients). */
export const FILE_BOX_CLOSED = "该智能体未开启文件盒，不能发送附件";

export const newRequestId = () => randomUUID().replaceAll("-", "");

/** Stored attachments get fresh signed URLs on every read, since each URL lives for a day. */
function freshAttachments(secret: string, list: repo.MessageRow["attachments"]) {
  return list.map((a) => (FILE_KEY_RE.test(a.fileKey) ? { ...a, fileUrl: signedUrl(secret, a.fileKey) } : a));
}

/**
 * Attachments of a new message: our uploads must be the caller's own (or already in this conversation) and
 * get a fresh signed link (absolute when the site URL is configured, so the model can fetch it) and their
 * stored type; outside links pass as they are.
 */
async function resolveAttachments(
  deps: Deps,
  who: { tenantId: number; userId: number; conversationId: number },
  siteUrl: string,
  list: Attachment[],
) {
  const keys = list.map((a) => a.fileKey).filter((k) => FILE_KEY_RE.test(k));
  const stored = new Map((await attachableFiles(deps, who, keys)).map((f) => [f.key, f]));
  const base = siteUrl.replace(/\/+$/, "");
  return list.map((a) => {
    if (!FILE_KEY_RE.test(a.fileKey)) return a;
    const file = stored.get(a.fileKey);
    if (!file) throw badInput(`参数 'attachments' 附件「${a.fileName}」不存在或已删除`);
    return { ...a, mimeType: file.mimeType, fileUrl: base + signedUrl(deps.config.SECRET_KEY, file.key) };
  });
}

export function toMessageDto(m: repo.MessageRow, secret: string) {
  return {
    id: m.id,
    requestId: m.requestId,
    role: m.role,
    type: m.type,
    messageType: m.role,
    text: m.text,
    think: m.think,
    time: m.created.toISOString(),
    attachments: freshAttachments(secret, m.attachments),
    status: m.status,
    finishReason: m.finishReason,
    processingList: m.processingList,
    finalResult: m.finalResult,
    finished: m.status !== "incomplete",
    suggestions: m.suggestions,
  };
}
export type MessageDto = ReturnType<typeof toMessageDto>;

/** `task`: the task fields of a TASK conversation (taskFieldsOf), none for the others. */
export function toConversationDto(c: repo.ConversationRow, task: ConversationTaskFields = NO_TASK) {
  return {
    id: c.id,
    uid: c.uid,
    tenantId: c.tenantId,
    userId: c.userId,
    agentId: c.agentId,
    topic: c.topic,
    topicUpdated: c.topicUpdated,
    summary: c.summary,
    variables: c.variables,
    devMode: c.devMode === 1,
    type: c.type,
    ...task,
    created: c.created.toISOString(),
    modified: c.modified.toISOString(),
  };
}

/** Conversations are private to the user who started them. */
export async function ownConversation(deps: Deps, actor: Actor, conversationId: number) {
  const conversation = await repo.findConversation(deps.db, actor.tenantId, conversationId);
  if (!conversation || conversation.userId !== actor.userId) throw notFound(NO_CONVERSATION);
  return conversation;
}

/** What a chat turn needs of its conversation: fixed once the conversation exists (topic and variables change). */
type TurnConversation = Pick<repo.ConversationRow, "id" | "tenantId" | "userId" | "agentId" | "devMode" | "type">;

const KEPT_CONVERSATIONS = 10_000;
/** Per database, the conversations turns were started in lately (most recent last). */
const keptConversations = new WeakMap<object, Map<number, TurnConversation>>();

/**
 * The caller's conversation for a turn. Its fixed parts are kept after a first read, so a turn of a conversation
 * seen before asks the database nothing here: another user's conversation is refused from them as from the row, and
 * whether it still exists is told by the turn's start (turn-start.ts "gone") or, when a check before it refuses the
 * turn, by a read then (see startChat). `read`: whether the row was read now.
 */
async function turnConversation(deps: Deps, actor: Actor, id: number) {
  const kept = keptConversations.get(deps.db);
  const known = kept?.get(id);
  if (kept && known) {
    if (known.tenantId !== actor.tenantId || known.userId !== actor.userId) throw notFound(NO_CONVERSATION);
    kept.delete(id);
    kept.set(id, known);
    return { conversation: known, read: false };
  }
  return { conversation: keepConversation(deps, await ownConversation(deps, actor, id)), read: true };
}

/** Keeps a conversation's fixed parts for its turns (turnConversation): once read, or as it is created. */
function keepConversation(deps: Deps, row: repo.ConversationRow): TurnConversation {
  let kept = keptConversations.get(deps.db);
  if (!kept) {
    kept = new Map();
    keptConversations.set(deps.db, kept);
  }
  const { id, tenantId, userId, agentId, devMode, type } = row;
  const conversation = { id, tenantId, userId, agentId, devMode, type };
  kept.delete(id);
  kept.set(id, conversation);
  if (kept.size > KEPT_CONVERSATIONS) kept.delete(kept.keys().next().value as number);
  return conversation;
}

export async function createConversation(deps: Deps, actor: Actor, input: CreateConversationInput) {
  const agent = input.devMode
    ? (await accessAgent(deps, actor, input.agentId)).agent
    : await visibleAgent(deps, actor, input.agentId);
  const conversation = await repo.insertConversation(deps.db, {
    uid: newRequestId(),
    tenantId: actor.tenantId,
    userId: actor.userId,
    agentId: agent.id,
    devMode: input.devMode ? 1 : 0,
    variables: input.variables ?? {},
  });
  keepConversation(deps, conversation);
  if (!input.devMode) {
    await agents.bumpStatistic(deps.db, agent.id, "convCount", 1);
    const firstTime = await agents.insertRelationOnce(deps.db, actor.userId, agent.id, "Conversation");
    if (firstTime) await agents.bumpStatistic(deps.db, agent.id, "userCount", 1);
  }
  return getConversation(deps, actor, conversation.id);
}

/** The conversation with its last messages; an empty one opens with the agent's opening message. */
export async function getConversation(deps: Deps, actor: Actor, conversationId: number) {
  const conversation = await ownConversation(deps, actor, conversationId);
  const agent = await agents.findAgent(deps.db, actor.tenantId, conversation.agentId);
  if (!agent) throw notFound("智能体不存在");
  return getConversationView(deps, conversation, agent);
}

/** The conversation view once access has been checked (also used by temporary links). */
export async function getConversationView(deps: Deps, conversation: repo.ConversationRow, agent: agents.AgentRow) {
  const messages = (await repo.recentMessages(deps.db, conversation.id, 10)).map((m) =>
    toMessageDto(m, deps.config.SECRET_KEY),
  );
  if (!messages.length && agent.openingChatMsg.trim()) {
    messages.push({
      id: 0,
      requestId: "",
      role: "ASSISTANT",
      type: "CHAT",
      messageType: "ASSISTANT",
      text: agent.openingChatMsg,
      think: "",
      time: conversation.created.toISOString(),
      attachments: [],
      status: "complete",
      finishReason: "OPENING",
      processingList: [],
      finalResult: null,
      finished: true,
      suggestions: [],
    });
  }
  const running = await repo.executingRun(deps.db, conversation.id);
  const tasks = await taskFieldsOf(deps.db, [conversation]);
  return {
    ...toConversationDto(conversation, tasks.get(conversation.id)),
    agent: await describeAgent(deps, agent, { viewerId: conversation.userId, devMode: conversation.devMode === 1 }),
    messageList: messages,
    runningRequestId: running?.requestId ?? null,
  };
}

export async function listConversations(deps: Deps, actor: Actor, input: ListConversationInput) {
  const rows = await repo.listConversations(deps.db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    agentId: input.agentId,
    lastId: input.lastId,
    limit: input.limit,
    devMode: 0,
  });
  // Each row names its agent, so a history across agents can say whom it was with.
  const labels = await agents.agentLabels(deps.db, actor.tenantId, [...new Set(rows.map((r) => r.agentId))]);
  // History lists chats only (reference §5.1), so no row has task fields to fill.
  return rows.map((c) => ({
    ...toConversationDto(c),
    agent: labels.get(c.agentId) ?? { agentId: c.agentId, name: "", icon: defaultIcon("Agent") },
  }));
}

/** A given topic is saved as is; otherwise a title is generated from the first message (≤ 50 characters). */
export async function updateConversation(deps: Deps, actor: Actor, input: UpdateConversationInput) {
  const conversation = await ownConversation(deps, actor, input.id);
  let topic = input.topic;
  if (!topic) {
    const first = input.firstMessage?.trim() || (await repo.firstUserMessage(deps.db, conversation.id))?.text || "";
    if (!first) throw fail("会话还没有消息，无法生成标题");
    topic = await generateTitle(deps, actor.tenantId, first);
  }
  await repo.updateConversation(deps.db, conversation.id, { topic, topicUpdated: 1 });
  const tasks = await taskFieldsOf(deps.db, [conversation]);
  return toConversationDto({ ...conversation, topic, topicUpdated: 1 }, tasks.get(conversation.id));
}

export async function deleteConversation(deps: Deps, actor: Actor, conversationId: number) {
  const conversation = await ownConversation(deps, actor, conversationId);
  await repo.deleteConversation(deps.db, conversation.id);
}

export async function listMessages(deps: Deps, actor: Actor, input: MessageListInput) {
  const conversation = await ownConversation(deps, actor, input.conversationId);
  return (await repo.recentMessages(deps.db, conversation.id, input.size, input.index)).map((m) =>
    toMessageDto(m, deps.config.SECRET_KEY),
  );
}

/**
 * The tables runnableAgent reads (agents, their publications, components and models, spaces and their members,
 * tenant settings): a write to any of them is seen by the next turn. A read added to those checks names its table here.
 */
const RUNNABLE_AGENT_TABLES = [
  "agent",
  "published",
  "agent_component",
  "model",
  "space",
  "space_user",
  "tenant_config",
] as const;

/**
 * The agent a conversation's turn runs, with the configuration and model it runs on, once the caller may use it.
 * The same for every turn of a user with an agent until one of RUNNABLE_AGENT_TABLES is written, so it is kept in
 * the embedded database's read cache (remembered): ten reads and their checks per turn become one look-up.
 */
function runnableAgent(deps: Deps, actor: Actor, conversation: TurnConversation) {
  const { tenantId, userId, role } = actor;
  const { agentId, devMode, type } = conversation;
  const client = (deps.db as { $client?: unknown }).$client;
  const key = `runnableAgent ${tenantId} ${userId} ${role} ${agentId} ${devMode} ${type}`;
  return remembered(client, key, RUNNABLE_AGENT_TABLES, async () => {
    const agent = devMode
      ? await agents.findAgent(deps.db, tenantId, agentId)
      : await visibleAgent(deps, actor, agentId);
    if (!agent) throw notFound("智能体不存在");
    if (devMode && type === "Chat") await accessAgent(deps, actor, agent.id);
    const config = await runnableConfig(deps, agent, { devMode: devMode === 1, userId });
    return { agent, config, ...(await modelOf(deps, agent, config)) };
  });
}

/** The checks of a chat before its turn starts; what they refuse is an HTTP error (startChat). */
async function checkTurn(deps: Deps, actor: Actor, input: ChatInput, conversation: TurnConversation) {
  if (!input.message.trim() && !input.attachments.length) throw badInput("参数 'message' 不能为空");
  const tenant = await getTenantConfig(deps, actor.tenantId);
  const attachments = await resolveAttachments(
    deps,
    { tenantId: actor.tenantId, userId: actor.userId, conversationId: conversation.id },
    tenant.siteUrl,
    input.attachments,
  );
  const runnable = await runnableAgent(deps, actor, conversation);
  if (attachments.length && runnable.config.openFileBox !== "Open") throw fail(FILE_BOX_CLOSED);
  return { tenant, attachments, ...runnable };
}

/**
 * Checks everything a chat needs before the stream opens (so refusals are plain HTTP errors), then starts
 * the turn. `emit` receives the events; the returned promise settles when the answer is complete.
 */
export async function startChat(
  deps: Deps,
  actor: Actor,
  input: ChatInput,
  emit: (e: ChatEvent) => void,
  conversationOverride?: repo.ConversationRow,
) {
  const { conversation, read } = conversationOverride
    ? { conversation: conversationOverride, read: true }
    : await turnConversation(deps, actor, input.conversationId);
  let checked: Awaited<ReturnType<typeof checkTurn>>;
  try {
    checked = await checkTurn(deps, actor, input, conversation);
  } catch (err) {
    // Refused as before: a deleted conversation is not found, whatever else is wrong with the request.
    if (!read) await ownConversation(deps, actor, conversation.id);
    throw err;
  }
  const { tenant, attachments, agent, config, model, bind } = checked;
  const requestId = newRequestId();
  const turn: TurnInput = {
    actor,
    conversation,
    agentId: agent.id,
    config,
    model,
    // A TASK conversation's runs each answer the task afresh (reference §5.11: context rounds forced to 0).
    bind: conversation.type === "TASK" ? { ...bind, contextRounds: 0 } : bind,
    globalPrompt: tenant.globalSystemPrompt,
    message: input.message,
    attachments,
    variableParams: input.variableParams,
    selectedComponentIds: input.selectedComponents.map((c) => c.id),
    requestId,
  };
  // Of two simultaneous messages only one starts (turn-start.ts); a conversation deleted meanwhile is not found.
  const started = await beginTurn(deps, turn);
  if (started === "busy") throw fail(BUSY);
  if (started === "gone") throw notFound(NO_CONVERSATION);
  const done = streamTurn(deps, turn, started, emit).then(async (final) => {
    // Batched with the turns ending at the same time (turn-end.ts).
    await afterTurn(deps, {
      userId: actor.userId,
      agentId: agent.id,
      conversationId: conversation.id,
      requestId,
      status: final.success ? "COMPLETE" : "FAILED",
      relation: conversation.type === "Chat" && !conversation.devMode,
    });
    return final;
  });
  return { requestId, done };
}

/** Stops a running answer from any instance (the flag is in the database). */
export async function stopChat(deps: Deps, actor: Actor, requestId: string) {
  const run = await repo.findRun(deps.db, requestId);
  if (!run || run.userId !== actor.userId) throw notFound("没有正在生成的回复");
  if (run.status !== "EXECUTING") return false;
  return repo.requestStop(deps.db, requestId);
}

/** Follow-up questions for the last answer, only when the agent has suggestions on. */
export async function suggest(deps: Deps, actor: Actor, conversationId: number) {
  const conversation = await ownConversation(deps, actor, conversationId);
  const agent = await agents.findAgent(deps.db, actor.tenantId, conversation.agentId);
  if (!agent) throw notFound("智能体不存在");
  const config = await runnableConfig(deps, agent, { devMode: conversation.devMode === 1, userId: actor.userId });
  if (config.openSuggest !== "Open") return [];
  const recent = await repo.recentMessages(deps.db, conversation.id, 10);
  const answer = [...recent].reverse().find((m) => m.role === "ASSISTANT" && m.status === "complete" && m.text.trim());
  const question = answer && [...recent].reverse().find((m) => m.role === "USER" && m.id < answer.id);
  if (!answer || !question) return [];
  const list = await suggestQuestions(deps, actor.tenantId, {
    suggestPrompt: config.suggestPrompt,
    question: question.text,
    answer: answer.text,
  });
  await repo.updateMessage(deps.db, answer.id, { suggestions: list });
  return list;
}
