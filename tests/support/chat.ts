import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { componentRows, ok } from "./agents";
import { rows } from "./helpers";
import type { TestServer } from "./server";
import { type ChatEvent, openSse, postSse, type SseRequest } from "./sse";

export const CHAT_PATH = "/api/agent/conversation/chat";

/** Starts a conversation through the API; returns its ConversationInfo. */
export async function newConversation(
  s: TestServer,
  token: string,
  agentId: number,
  extra: Record<string, unknown> = {},
) {
  return ok(await s.call("/api/agent/conversation/create", { token, body: { agentId, ...extra } }));
}

/** Sends one message and reads the whole answer stream. */
export function chat(s: TestServer, token: string | null, conversationId: number, message: string, extra = {}) {
  return postSse(s.url, CHAT_PATH, { token, body: { conversationId, message, ...extra } });
}

/** Starts sending a message; the handle lets a test act while the answer streams. */
export function openChat(s: TestServer, token: string, conversationId: number, message: string, extra = {}) {
  return openSse(s.url, CHAT_PATH, { token, body: { conversationId, message, ...extra } } satisfies SseRequest);
}

/** The concatenated deltas of one MESSAGE type. */
export function streamed(events: ChatEvent[], type: "CHAT" | "THINK" = "CHAT") {
  return events
    .filter((e) => e.eventType === "MESSAGE" && e.data?.type === type)
    .map((e) => e.data.text as string)
    .join("");
}

export const finalOf = (events: ChatEvent[]) => events.find((e) => e.eventType === "FINAL_RESULT");

/** Messages straight from the database, oldest first. */
export function messageRows(s: TestServer, conversationId: number) {
  return rows<Record<string, any>>(
    s,
    sql`select * from conversation_message where conversation_id = ${conversationId} order by id`,
  );
}

export async function runRow(s: TestServer, requestId: string) {
  const [row] = await rows<Record<string, any>>(s, sql`select * from chat_run where request_id = ${requestId}`);
  if (!row) throw new Error(`no chat_run ${requestId}`);
  return row;
}

/** Polls until `check` returns a truthy value, failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A space model served by the fake OpenAI-compatible server; `model` picks its behaviour. */
export async function addFakeModel(
  s: TestServer,
  token: string,
  spaceId: number,
  fake: { url: string; apiKey: string },
  model: string,
  extra: Record<string, unknown> = {},
) {
  return ok<number>(
    await s.call("/api/model/save", {
      token,
      body: { spaceId, name: model, model, apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: fake.apiKey, ...extra },
    }),
  );
}

/** Points the agent's Model component at a model (and optionally changes its settings). */
export async function bindModel(
  s: TestServer,
  token: string,
  agentId: number,
  modelId: number,
  bindConfig: Record<string, unknown> = {},
) {
  const component = (await componentRows(s, agentId)).find((c) => c.type === "Model")!;
  ok(
    await s.call("/api/agent/component/model/update", {
      token,
      body: { id: component.id, targetId: modelId, bindConfig },
    }),
  );
}

export async function setVariables(s: TestServer, token: string, agentId: number, variables: unknown[]) {
  const component = (await componentRows(s, agentId)).find((c) => c.type === "Variable")!;
  ok(
    await s.call("/api/agent/component/variable/update", {
      token,
      body: { id: component.id, bindConfig: { variables } },
    }),
  );
}

export async function configure(s: TestServer, token: string, agentId: number, fields: Record<string, unknown>) {
  ok(await s.call("/api/agent/config/update", { token, body: { id: agentId, ...fields } }));
}

/** The shape every finished turn must have: FINAL_RESULT last and completed, every PROCESSING with executeId. */
export function expectWellFormed(events: ChatEvent[]) {
  expect(events.length).toBeGreaterThan(0);
  const last = events.at(-1)!;
  expect(last.eventType).toBe("FINAL_RESULT");
  expect(last.completed).toBe(true);
  expect(events.filter((e) => e.eventType === "FINAL_RESULT")).toHaveLength(1);
  const requestId = events[0]!.requestId;
  expect(requestId).toMatch(/^[a-f0-9]{32}$/);
  for (const e of events) expect(e.requestId).toBe(requestId);
  for (const e of events.filter((x) => x.eventType === "PROCESSING")) {
    expect(e.data.result.executeId, "PROCESSING without result.executeId").toBeTruthy();
  }
}
