import { and, asc, count, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { notFound } from "#server/core";
import { conversations, messages, users } from "#server/db/schema";
import { toMessageDto } from "../conversation/service";
import { toCreatorInfo } from "./dto";
import { accessAgent, closedToDevelopment } from "./service";

/** 日志 is for the agent's developers: members of its space who may change it (also the original client's log). */
export async function developedAgent(deps: Deps, actor: Actor, agentId: number) {
  const { agent, develops } = await accessAgent(deps, actor, agentId);
  if (!develops) throw closedToDevelopment();
  return agent;
}

/** Conversations people had with the agent (signed in or through a temporary link), never the editor's debug chats. */
export const loggedConversations = (agentId: number) =>
  and(
    eq(conversations.agentId, agentId),
    eq(conversations.type, "Chat"),
    or(eq(conversations.devMode, 0), isNotNull(conversations.tempLinkId)),
    sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id})`,
  );

export async function logConversations(
  deps: Deps,
  actor: Actor,
  agentId: number,
  input: { current: number; pageSize: number; userId?: number },
) {
  const agent = await developedAgent(deps, actor, agentId);
  const where = and(
    loggedConversations(agent.id),
    eq(conversations.tenantId, actor.tenantId),
    input.userId ? eq(conversations.userId, input.userId) : undefined,
  );
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        conversation: conversations,
        user: users,
        messageCount: sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id})`,
        firstMessage: sql<string | null>`(select left(${messages.text}, 200) from ${messages}
          where ${messages.conversationId} = ${conversations.id} and ${messages.role} = 'USER'
          order by ${messages.id} limit 1)`,
      })
      .from(conversations)
      .leftJoin(users, eq(users.id, conversations.userId))
      .where(where)
      .orderBy(desc(conversations.modified), desc(conversations.id))
      .limit(limit)
      .offset(offset),
    deps.db.select({ n: count() }).from(conversations).where(where),
  ]);
  const records = rows.map((r) => ({
    id: r.conversation.id,
    topic: r.conversation.topic,
    user: toCreatorInfo(r.user),
    messageCount: Number(r.messageCount),
    firstMessage: r.firstMessage ?? "",
    viaTempLink: r.conversation.tempLinkId !== null,
    created: r.conversation.created.toISOString(),
    modified: r.conversation.modified.toISOString(),
  }));
  return pageOf(records, Number(total?.n ?? 0), input.pageSize, input.current);
}

export async function logMessages(
  deps: Deps,
  actor: Actor,
  agentId: number,
  conversationId: number,
  input: { current: number; pageSize: number },
) {
  const agent = await developedAgent(deps, actor, agentId);
  const [conversation] = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.tenantId, actor.tenantId),
        loggedConversations(agent.id),
      ),
    );
  if (!conversation) throw notFound("会话不存在");
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const where = eq(messages.conversationId, conversation.id);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(messages).where(where).orderBy(asc(messages.id)).limit(limit).offset(offset),
    deps.db.select({ n: count() }).from(messages).where(where),
  ]);
  const records = rows.map((m) => toMessageDto(m, deps.config.SECRET_KEY));
  return pageOf(records, Number(total?.n ?? 0), input.pageSize, input.current);
}
