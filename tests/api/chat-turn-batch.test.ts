import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterTurn } from "#server/runtime/agent/turn-end";
import { startTurn } from "#server/runtime/agent/turn-start";
import { addAgent, type Team, team } from "../support/agents";
import { chat, expectWellFormed, finalOf, messageRows, newConversation, streamed } from "../support/chat";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/**
 * Turns that start together are stored together (group commit, server/runtime/agent/turn-start.ts): each
 * still gets its own user message, incomplete answer and run row, a conversation with a running answer —
 * or a second turn in the same batch — is refused, and every answer lands in its own conversation.
 */
let s: TestServer;
let t: Team;
let agentId: number;

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "批量" });
});
afterAll(() => s.close());

const start = (conversationId: number, requestId: string) =>
  startTurn(s.deps, {
    conversationId,
    requestId,
    userId: t.member.id,
    message: `问题 ${requestId}`,
    attachments: [],
    defaults: {},
    params: { asked: requestId },
  });

/** A started turn's result, failing the test when the turn was refused. */
function startedOf(turn: Awaited<ReturnType<typeof start>> | undefined) {
  if (typeof turn !== "object") throw new Error(`turn not started: ${turn}`);
  return turn;
}

describe("turn starts, group-committed", () => {
  it("writes the turns that start at once in one statement, refusing a second turn of one conversation", async () => {
    const conversations = await Promise.all(
      Array.from({ length: 8 }, () => newConversation(s, t.member.token, agentId)),
    );
    const ids = conversations.map((c) => c.id as number);
    const started = await Promise.all([
      ...ids.map((id) => start(id, `batch-${id}`)),
      start(ids[0]!, `batch-again-${ids[0]}`),
    ]);
    for (const turn of started.slice(0, 8)) startedOf(turn);
    expect(started[8]).toBe("busy");

    const stored = await rows<Record<string, any>>(
      s,
      sql`select m.id, m.conversation_id, m.request_id, m.role, m.status, m.text, m.created
          from conversation_message m where m.request_id like 'batch-%' order by m.id`,
    );
    expect(stored).toHaveLength(16);
    for (const [i, id] of ids.entries()) {
      const own = stored.filter((m) => m.conversation_id === id);
      expect(own.map((m) => [m.role, m.status, m.request_id])).toEqual([
        ["USER", "complete", `batch-${id}`],
        ["ASSISTANT", "incomplete", `batch-${id}`],
      ]);
      expect(own[0]!.text).toBe(`问题 batch-${id}`);
      const turn = startedOf(started[i]);
      expect([own[0]!.id, own[1]!.id]).toEqual([turn.userMessageId, turn.assistantId]);
      expect(turn.variables).toEqual({ asked: `batch-${id}` });
    }
    // One statement: PostgreSQL's now() is the transaction's start, the same for every row it wrote.
    expect(new Set(stored.map((m) => new Date(m.created).getTime())).size).toBe(1);
    const runs = await rows<Record<string, any>>(
      s,
      sql`select conversation_id, status from chat_run where request_id like 'batch-%'`,
    );
    expect(runs).toHaveLength(8);
    expect(runs.every((r) => r.status === "EXECUTING")).toBe(true);
    const variables = await rows<Record<string, any>>(
      s,
      sql`select id, variables from conversation where id in ${ids}`,
    );
    for (const v of variables) expect(v.variables).toEqual({ asked: `batch-${v.id}` });

    // The running answers now refuse the next turn of their conversations.
    expect(await start(ids[1]!, `batch-late-${ids[1]}`)).toBe("busy");
  });

  it("refuses a second turn started at the same moment by another writer (another server process on PostgreSQL)", async () => {
    const { id } = await newConversation(s, t.member.token, agentId);
    // Another Deps is another committer: two statements, concurrent on PostgreSQL's pool, not one batch.
    const elsewhere = { ...s.deps };
    const turn = (deps: typeof s.deps, requestId: string) =>
      startTurn(deps, {
        conversationId: id,
        requestId,
        userId: t.member.id,
        message: "同时",
        attachments: [],
        defaults: {},
        params: {},
      });
    const both = await Promise.all([turn(s.deps, `race-a-${id}`), turn(elsewhere, `race-b-${id}`)]);
    expect(both.filter((x) => x === "busy")).toHaveLength(1);
    const started = both.find((x) => typeof x === "object");
    const [run] = await rows<{ request_id: string }>(
      s,
      sql`select request_id from chat_run where conversation_id = ${id}`,
    );
    const messages = await messageRows(s, id);
    expect(messages.map((m) => [m.role, m.request_id])).toEqual([
      ["USER", run!.request_id],
      ["ASSISTANT", run!.request_id],
    ]);
    expect(messages[1]!.id).toBe(startedOf(started).assistantId);
  });

  it("merges the variables in the statement: defaults, then what the conversation keeps, then this turn's values", async () => {
    const { id } = await newConversation(s, t.member.token, agentId);
    await rows(
      s,
      sql`update conversation set variables = ${JSON.stringify({ city: "上海", kept: 1, USER_NAME: "旧" })}::jsonb
          where id = ${id}`,
    );
    const turn = startedOf(
      await startTurn(s.deps, {
        conversationId: id,
        requestId: `merge-${id}`,
        userId: t.member.id,
        message: "变量",
        attachments: [],
        defaults: { city: "北京", lang: "zh" },
        params: { kept: 2 },
      }),
    );
    const expected = { city: "上海", lang: "zh", kept: 2 };
    expect(turn.variables).toEqual(expected);
    const [row] = await rows<{ variables: unknown }>(s, sql`select variables from conversation where id = ${id}`);
    expect(row!.variables).toEqual(expected);
  });

  it("says a deleted conversation is gone, and still starts the other turns of its batch", async () => {
    const [kept, deleted] = await Promise.all([
      newConversation(s, t.member.token, agentId),
      newConversation(s, t.member.token, agentId),
    ]);
    await rows(s, sql`delete from conversation where id = ${deleted.id}`);
    const [a, b] = await Promise.all([start(kept.id, `gone-a-${kept.id}`), start(deleted.id, `gone-b-${deleted.id}`)]);
    startedOf(a);
    expect(b).toBe("gone");
  });

  it("streams concurrent chats through the API, each answer stored in its own conversation", async () => {
    const conversations = await Promise.all(
      Array.from({ length: 12 }, () => newConversation(s, t.member.token, agentId)),
    );
    const answers = await Promise.all(conversations.map((c, i) => chat(s, t.member.token, c.id, `并发问题 ${i}`)));
    for (const [i, c] of conversations.entries()) {
      const { events } = answers[i]!;
      expectWellFormed(events);
      expect(finalOf(events)!.data.success).toBe(true);
      const messages = await messageRows(s, c.id);
      expect(messages.map((m) => [m.role, m.status])).toEqual([
        ["USER", "complete"],
        ["ASSISTANT", "complete"],
      ]);
      expect(messages[0]!.text).toBe(`并发问题 ${i}`);
      expect(messages[1]!.text).toBe(streamed(events));
      expect(messages[1]!.text).toContain(`并发问题 ${i}`);
    }
  });
});

describe("after turns, group-committed", () => {
  it("queues one chat_finished per turn and live session, upserts one relation per agent, and fails only a bad turn", async () => {
    const other = await addAgent(s, t.member.token, t.spaceId, { name: "批量之后" });
    const ids = (await Promise.all(Array.from({ length: 3 }, () => newConversation(s, t.member.token, agentId)))).map(
      (c) => c.id as number,
    );
    const [live] = await rows<{ n: number }>(
      s,
      sql`select count(*)::int as n from auth_token where user_id = ${t.member.id} and expires_at > now()`,
    );
    const sessions = live!.n;
    expect(sessions).toBeGreaterThan(0);
    const [before] = await rows<{ last: number }>(s, sql`select coalesce(max(id), 0) as last from notify_event`);
    const last = before!.last;
    const turn = (conversationId: number, requestId: string, relation: boolean, agent = agentId) => ({
      userId: t.member.id,
      agentId: agent,
      conversationId,
      requestId,
      status: "COMPLETE" as const,
      relation,
    });
    const settled = await Promise.allSettled([
      ...ids.map((id) => afterTurn(s.deps, turn(id, `after-${id}`, true))),
      afterTurn(s.deps, turn(ids[0]!, "after-debug", false, other)),
      // An agent deleted meanwhile: its relation cannot be written, the other turns' writes still are.
      afterTurn(s.deps, turn(ids[0]!, "after-gone", true, 999_999)),
    ]);
    expect(settled.map((x) => x.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected"]);

    const events = await rows<{ event: { requestId: string; status: string } }>(
      s,
      sql`select event from notify_event where id > ${last} and type = 'chat_finished' and user_id = ${t.member.id}`,
    );
    const perRequest = (id: string) => events.filter((e) => e.event.requestId === id).length;
    for (const id of ids) expect(perRequest(`after-${id}`)).toBe(sessions);
    expect(perRequest("after-debug")).toBe(sessions);
    expect(perRequest("after-gone")).toBe(0);

    const relations = await rows<{ agent_id: number; extra: { conversationId: number } }>(
      s,
      sql`select agent_id, extra from user_agent_relation
          where user_id = ${t.member.id} and type = 'Conversation' and agent_id in (${agentId}, ${other})`,
    );
    // The last turn of the batch names the conversation; the debug chat's agent gets none.
    expect(relations).toEqual([{ agent_id: agentId, extra: { conversationId: ids[2] } }]);
  });
});
