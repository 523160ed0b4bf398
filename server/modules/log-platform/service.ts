import { and, type Column, count, desc, eq, gte, ilike, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AgentLogDto, AgentLogFilter, AgentLogListInput } from "#contract/api/log-platform";
import type { FinalResult } from "#contract/chat";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { notFound } from "#server/core";
import { conversations, messages, users } from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";
import { developedAgent, loggedConversations } from "../agent/log-service";

/**
 * The original client's agent log: one record per request (the user's question and the agent's answer, which share
 * a request id), taken from the conversations our own 日志 lists, with the same check that the caller develops the
 * agent.
 */

/** The question of each answer: the user's message of the same request. */
const asked = alias(messages, "asked");

function filtersOf(f: AgentLogFilter): (SQL | undefined)[] {
  const all = (column: Column, words: string[] | undefined) =>
    (words ?? []).map((w) => ilike(column, containsPattern(w)));
  return [
    f.requestId ? eq(messages.requestId, f.requestId) : undefined,
    // Typed into a text box: compared as text, so something that is not an id matches nothing.
    f.messageId !== undefined ? sql`${messages.id}::text = ${String(f.messageId)}` : undefined,
    f.conversationId !== undefined ? sql`${conversations.id}::text = ${String(f.conversationId)}` : undefined,
    f.userUid ? eq(users.uid, f.userUid) : undefined,
    ...all(asked.text, f.userInput),
    ...all(messages.text, f.output),
    f.startTime ? gte(messages.created, new Date(f.startTime)) : undefined,
    f.endTime ? lte(messages.created, new Date(f.endTime)) : undefined,
  ];
}

const conversationOf = eq(conversations.id, messages.conversationId);
const questionOf = and(
  eq(asked.conversationId, messages.conversationId),
  eq(asked.requestId, messages.requestId),
  eq(asked.role, "USER"),
);
const userOf = eq(users.id, conversations.userId);

const selectLog = (deps: Deps, where: SQL | undefined, window = { limit: 1, offset: 0 }) =>
  deps.db
    .select({ answer: messages, question: asked.text, conversationId: conversations.id, user: users })
    .from(messages)
    .innerJoin(conversations, conversationOf)
    .leftJoin(asked, questionOf)
    .leftJoin(users, userOf)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(window.limit)
    .offset(window.offset);

const countLog = (deps: Deps, where: SQL | undefined) =>
  deps.db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, conversationOf)
    .leftJoin(asked, questionOf)
    .leftJoin(users, userOf)
    .where(where);

type LogRow = Awaited<ReturnType<typeof selectLog>>[number];

function toLogInfo(row: LogRow, agent: { id: number; name: string; spaceId: number; tenantId: number }): AgentLogDto {
  const { answer, user } = row;
  const final = answer.finalResult as Partial<FinalResult> | null;
  const start = typeof final?.startTime === "number" ? final.startTime : answer.created.getTime();
  const end = typeof final?.endTime === "number" ? final.endTime : answer.modified.getTime();
  return {
    requestId: answer.requestId,
    messageId: String(answer.id),
    agentId: String(agent.id),
    conversationId: String(row.conversationId),
    userUid: user?.uid ?? "",
    tenantId: String(agent.tenantId),
    spaceId: String(agent.spaceId),
    userInput: row.question ?? "",
    output: answer.text,
    executeResult: final ? JSON.stringify(final) : "",
    inputToken: Math.max(0, Math.round(final?.promptTokens ?? 0)),
    outputToken: Math.max(0, Math.round(final?.completionTokens ?? 0)),
    requestStartTime: new Date(start).toISOString(),
    requestEndTime: new Date(end).toISOString(),
    elapsedTimeMs: Math.max(0, Math.round(end - start)),
    nodeType: "Agent",
    status: answer.status,
    nodeName: agent.name,
    createdAt: answer.created.toISOString(),
    updatedAt: answer.modified.toISOString(),
    userId: user?.id ?? 0,
    userName: user?.nickName || user?.userName || "",
  };
}

/** The agent's answers in its logged conversations (never the editor's debug chats), in the caller's tenant. */
const answersOf = (agentId: number, tenantId: number) =>
  and(eq(messages.role, "ASSISTANT"), loggedConversations(agentId), eq(conversations.tenantId, tenantId));

export async function agentLogList(deps: Deps, actor: Actor, input: AgentLogListInput) {
  const agent = await developedAgent(deps, actor, input.queryFilter.agentId);
  const where = and(answersOf(agent.id, actor.tenantId), ...filtersOf(input.queryFilter));
  const [rows, [total]] = await Promise.all([
    selectLog(deps, where, pageWindow(input.current, input.pageSize)),
    countLog(deps, where),
  ]);
  const records = rows.map((r) => toLogInfo(r, agent));
  return pageOf(records, Number(total?.n ?? 0), input.pageSize, input.current);
}

export async function agentLogDetail(deps: Deps, actor: Actor, input: { requestId: string; agentId: number }) {
  const agent = await developedAgent(deps, actor, input.agentId);
  const [row] = await selectLog(
    deps,
    and(answersOf(agent.id, actor.tenantId), eq(messages.requestId, input.requestId)),
  );
  if (!row) throw notFound("日志不存在");
  return toLogInfo(row, agent);
}
