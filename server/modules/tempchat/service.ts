import { randomBytes } from "node:crypto";
import type { Actor, Deps } from "#server/core";
import { AppError, Codes, fail, forbidden, notFound, rateLimited } from "#server/core";
import { hit, secondsUntil } from "#server/lib/rate-limit";
import * as agents from "../agent";
import { accessAgent } from "../agent/service";
import { findUserById } from "../auth";
import * as conversations from "../conversation";
import { getConversationView, newRequestId } from "../conversation/service";
import { findMembership } from "../space";
import { getTenantConfig } from "../tenant/service";
import type { CreateLinkInput, UpdateLinkInput } from "./contract";
import * as repo from "./repo";

const ANON_MESSAGES_PER_WINDOW = 30;
const ANON_WINDOW_MS = 10 * 60_000;
/** New anonymous conversations one address may open through one link per window. */
const ANON_CONVERSATIONS_PER_WINDOW = 10;

export function toLinkDto(link: repo.TempLinkRow, siteUrl: string) {
  const base = siteUrl.replace(/\/+$/, "");
  return {
    id: link.id,
    agentId: link.agentId,
    userId: link.userId,
    chatKey: link.chatKey,
    chatUrl: `${base}/chat-temp/${link.chatKey}`,
    requireLogin: link.requireLogin,
    expire: link.expire?.toISOString() ?? null,
    created: link.created.toISOString(),
  };
}

async function manageable(deps: Deps, actor: Actor, agentId: number) {
  const tenant = await getTenantConfig(deps, actor.tenantId);
  if (tenant.allowAgentTempChat !== 1 && actor.role !== "Admin") throw forbidden("系统未开放临时会话");
  return { ...(await accessAgent(deps, actor, agentId, "TempChat")), tenant };
}

export async function createLink(deps: Deps, actor: Actor, agentId: number, input: CreateLinkInput) {
  const { agent, tenant } = await manageable(deps, actor, agentId);
  const link = await repo.insertLink(deps.db, {
    tenantId: actor.tenantId,
    agentId: agent.id,
    userId: actor.userId,
    chatKey: `ck-${randomBytes(16).toString("hex")}`,
    requireLogin: input.requireLogin,
    expire: input.expire ? new Date(input.expire) : null,
  });
  return toLinkDto(link, tenant.siteUrl);
}

/** Space Admins/Owners and system admins manage every link of an agent; anyone else only their own. */
const managesAll = (actor: Actor, role: string | null) =>
  actor.role === "Admin" || role === "Owner" || role === "Admin";

/** A chat key is a credential: plain members see only the links they made, never a colleague's key. */
export async function listLinks(deps: Deps, actor: Actor, agentId: number) {
  const { agent, tenant, role } = await manageable(deps, actor, agentId);
  const links = await repo.listLinks(deps.db, agent.id);
  return links
    .filter((l) => managesAll(actor, role) || l.userId === actor.userId)
    .map((l) => toLinkDto(l, tenant.siteUrl));
}

async function ownedLink(deps: Deps, actor: Actor, id: number, agentId?: number) {
  const link = await repo.findLink(deps.db, actor.tenantId, id);
  if (!link || (agentId && link.agentId !== agentId)) throw notFound("链接不存在");
  const { role } = await manageable(deps, actor, link.agentId);
  if (link.userId !== actor.userId && !managesAll(actor, role)) {
    throw forbidden("只有链接的创建者或空间管理员可以修改或删除该链接");
  }
  return link;
}

/** A link speaks for its creator: it works only while they are enabled and still belong to the agent's space. */
async function creatorOf(deps: Deps, link: repo.TempLinkRow, spaceId: number) {
  const creator = await findUserById(deps.db, link.userId);
  if (creator?.status !== "Enabled") return null;
  if (creator.role !== "Admin" && !(await findMembership(deps.db, spaceId, creator.id))) return null;
  return creator;
}

export async function updateLink(deps: Deps, actor: Actor, input: UpdateLinkInput) {
  const link = await ownedLink(deps, actor, input.id, input.agentId);
  await repo.updateLink(deps.db, link.id, {
    requireLogin: input.requireLogin ?? link.requireLogin,
    expire: input.expire === undefined ? link.expire : input.expire ? new Date(input.expire) : null,
    modified: new Date(),
  });
}

export async function deleteLink(deps: Deps, actor: Actor, agentId: number, id: number) {
  const link = await ownedLink(deps, actor, id, agentId);
  await repo.deleteLink(deps.db, link.id);
}

/**
 * Resolves a chat key to who is chatting: the signed-in user, or — for links that allow anonymous use —
 * the link's creator, as the original does. Unknown and expired keys are refused clearly.
 */
export async function linkSession(deps: Deps, chatKey: string, actor: Actor | null) {
  const link = await repo.findLinkByKey(deps.db, chatKey);
  if (!link) throw fail("临时会话链接不存在");
  if (link.expire && link.expire.getTime() < Date.now()) throw fail("临时会话链接已过期");
  const tenant = await getTenantConfig(deps, link.tenantId);
  if (tenant.allowAgentTempChat !== 1) throw fail("系统未开放临时会话");
  if (link.requireLogin === 1 && !actor) throw new AppError(Codes.NOT_LOGGED_IN, "未登录或登录超时");
  if (actor && actor.tenantId !== link.tenantId) throw notFound("临时会话链接不存在");
  const agent = await agents.findAgent(deps.db, link.tenantId, link.agentId);
  if (!agent) throw fail("智能体不存在或已删除");
  const creator = await creatorOf(deps, link, agent.spaceId);
  if (!creator) throw fail("临时会话链接已失效：创建者已离开空间或被停用");
  let runAs: Actor | null = actor;
  if (!runAs) {
    runAs = {
      userId: creator.id,
      tenantId: creator.tenantId,
      role: creator.role,
      userName: creator.userName,
      tokenHash: "",
      tokenId: 0,
    };
  }
  return { link, agent, runAs, anonymous: !actor };
}

export async function createTempConversation(deps: Deps, chatKey: string, actor: Actor | null, ip: string) {
  const { link, agent, runAs, anonymous } = await linkSession(deps, chatKey, actor);
  // Each conversation is a row and a model call away: visitors without an account open a bounded number.
  if (anonymous) {
    const state = await hit(deps.db, `temp-conv:${link.id}:${ip}`, ANON_WINDOW_MS);
    if (state.count > ANON_CONVERSATIONS_PER_WINDOW) {
      throw rateLimited(`新建会话太频繁，请 ${secondsUntil(state.resetAt)} 秒后再试`);
    }
  }
  const conversation = await conversations.insertConversation(deps.db, {
    uid: newRequestId(),
    tenantId: link.tenantId,
    userId: runAs.userId,
    agentId: agent.id,
    devMode: 1,
    type: "TempChat",
    tempLinkId: link.id,
  });
  return getConversationView(deps, conversation, agent);
}

/** A temporary conversation is addressed by its secret uid and must belong to the same link. */
export async function tempConversation(deps: Deps, chatKey: string, uid: string, actor: Actor | null) {
  const session = await linkSession(deps, chatKey, actor);
  const conversation = await conversations.findConversationByUid(deps.db, uid);
  if (!conversation || conversation.tempLinkId !== session.link.id) throw notFound("会话不存在");
  return { ...session, conversation };
}

export async function queryTempConversation(
  deps: Deps,
  chatKey: string,
  uid: string | undefined,
  actor: Actor | null,
  ip: string,
) {
  if (!uid) return createTempConversation(deps, chatKey, actor, ip);
  const { conversation, agent } = await tempConversation(deps, chatKey, uid, actor);
  return getConversationView(deps, conversation, agent);
}

export async function limitAnonymous(deps: Deps, ip: string) {
  const state = await hit(deps.db, `temp-chat:ip:${ip}`, ANON_WINDOW_MS);
  if (state.count > ANON_MESSAGES_PER_WINDOW) throw rateLimited("发送太频繁，请稍后再试");
}

/** Stops an answer in a temporary conversation; the request id is the capability. */
export async function stopTempChat(deps: Deps, requestId: string) {
  const run = await conversations.findRun(deps.db, requestId);
  if (!run) throw notFound("没有正在生成的回复");
  const conversation = await conversations.findConversation(
    deps.db,
    (await findUserById(deps.db, run.userId))?.tenantId ?? 0,
    run.conversationId,
  );
  if (conversation?.type !== "TempChat") throw notFound("没有正在生成的回复");
  return conversations.requestStop(deps.db, requestId);
}
