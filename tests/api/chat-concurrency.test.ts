import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client";
import { createHttpApp } from "#server/http";
import { endTurn } from "#server/runtime/agent/turn-end";
import { startTurn } from "#server/runtime/agent/turn-start";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import {
  addFakeModel,
  bindModel,
  chat,
  expectWellFormed,
  finalOf,
  messageRows,
  newConversation,
  openChat,
  runRow,
  streamed,
} from "../support/chat";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/**
 * Many chats at once (the batching of server/runtime/agent/turn-end.ts, the shared reads of
 * server/db/yielding.ts, the shared stop-flag poll of ticker.ts): every answer is stored whole in its own
 * conversation, turns of one conversation keep their order, a stop reaches only its own stream, and the
 * health checks answer while streams run. Correctness only; the figures are in bench/chat.ts.
 */
let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const agents: Record<string, number> = {};
const STREAMS = 12;

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ slowMs: 30, benchChunks: 20, benchDelayMs: 5 })]);
  t = await team(s);
  for (const model of ["fake-bench", "fake-slow"]) {
    agents[model] = await addAgent(s, t.member.token, t.spaceId, { name: model });
    await bindModel(s, t.member.token, agents[model]!, await addFakeModel(s, t.member.token, t.spaceId, fake, model));
  }
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const conversations = (model: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => newConversation(s, t.member.token, agents[model]!)));
const benchText = Array.from({ length: 20 }, (_, i) => `片段${i} `).join("");

describe("chat under concurrency", () => {
  it("stores every answer of many concurrent turns whole, each in its own conversation", async () => {
    const convs = await conversations("fake-bench", STREAMS);
    const results = await Promise.all(convs.map((c, i) => chat(s, t.member.token, c.id, `并发 ${i}`)));
    for (const [i, { events }] of results.entries()) {
      expectWellFormed(events);
      expect(streamed(events)).toBe(benchText);
      expect(finalOf(events)!.data.success).toBe(true);
      const stored = await messageRows(s, convs[i]!.id);
      expect(stored.map((m) => [m.role, m.status, m.text])).toEqual([
        ["USER", "complete", `并发 ${i}`],
        ["ASSISTANT", "complete", benchText],
      ]);
      expect(stored[1]!.final_result.outputText).toBe(benchText);
      expect((await runRow(s, events[0]!.requestId)).status).toBe("FINISHED");
    }
  });

  it("ends the turns that end together in one transaction, each answer and run status its own", async () => {
    const convs = (await conversations("fake-bench", 6)).sort((a, b) => a.id - b.id);
    const started = await Promise.all(
      convs.map((c) =>
        startTurn(s.deps, {
          conversationId: c.id,
          requestId: `end-${c.id}`,
          userId: t.member.id,
          message: "问",
          attachments: [],
          defaults: {},
          params: {},
        }),
      ),
    );
    const assistantOf = (i: number) => {
      const turn = started[i];
      if (typeof turn !== "object") throw new Error(`turn ${i} not started: ${turn}`);
      return turn.assistantId;
    };
    const statuses = ["FINISHED", "FAILED", "CANCEL"] as const;
    await Promise.all(
      convs.map((c, i) =>
        endTurn(s.deps, {
          requestId: `end-${c.id}`,
          messageId: assistantOf(i),
          text: `答 ${c.id}`,
          think: "",
          status: i % 3 === 1 ? "error" : "complete",
          type: i === 0 ? "QUESTION" : null,
          finishReason: i % 3 === 2 ? "STOPPED" : "stop",
          processingList: [],
          finalResult: { outputText: `答 ${c.id}` },
          runStatus: statuses[i % 3]!,
        }),
      ),
    );
    const answers = await rows<Record<string, any>>(
      s,
      sql`select m.conversation_id, m.text, m.status, m.type, m.finish_reason, m.final_result, m.modified, r.status as run
          from conversation_message m join chat_run r on r.request_id = m.request_id
          where m.request_id like 'end-%' and m.role = 'ASSISTANT' order by m.conversation_id`,
    );
    expect(answers.map((a) => [a.conversation_id, a.text, a.status, a.type, a.finish_reason, a.run])).toEqual(
      convs.map((c, i) => [
        c.id,
        `答 ${c.id}`,
        i % 3 === 1 ? "error" : "complete",
        i === 0 ? "QUESTION" : "CHAT",
        i % 3 === 2 ? "STOPPED" : "stop",
        statuses[i % 3],
      ]),
    );
    expect(answers.every((a, i) => a.final_result.outputText === `答 ${convs[i]!.id}`)).toBe(true);
    // One transaction: now() is the transaction's start, the same for every answer it stored.
    expect(new Set(answers.map((a) => new Date(a.modified).getTime())).size).toBe(1);
  });

  it("keeps the order of one conversation's turns while other conversations stream", async () => {
    const [own] = await conversations("fake-bench", 1);
    const others = await conversations("fake-bench", 6);
    const background = Promise.all(others.map((c) => chat(s, t.member.token, c.id, "旁路")));
    const asked: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { events } = await chat(s, t.member.token, own!.id, `第 ${i} 问`);
      expectWellFormed(events);
      asked.push(events[0]!.requestId);
    }
    await background;
    const stored = await messageRows(s, own!.id);
    expect(stored.map((m) => [m.role, m.request_id, m.status])).toEqual(
      asked.flatMap((id) => [
        ["USER", id, "complete"],
        ["ASSISTANT", id, "complete"],
      ]),
    );
    expect(stored.filter((m) => m.role === "USER").map((m) => m.text)).toEqual(["第 0 问", "第 1 问", "第 2 问"]);
  });

  it("stops only the stream asked among many running ones; health checks answer meanwhile", async () => {
    const convs = await conversations("fake-slow", 6);
    const streams = convs.map((c, i) => openChat(s, t.member.token, c.id, `慢 ${i}`));
    await Promise.all(streams.map((st) => st.waitFor((e) => e.data?.type === "CHAT" && e.data.text === "片段1 ")));

    const health = await fetch(`${s.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).status).toBe("ok");

    const target = streams[2]!;
    const requestId = target.events[0]!.requestId;
    expect(
      ok(await s.call(`/api/agent/conversation/chat/stop/${requestId}`, { token: t.member.token, body: {} })),
    ).toBe(true);
    const all = await Promise.all(streams.map((st) => st.done));
    for (const [i, events] of all.entries()) {
      expectWellFormed(events);
      const text = streamed(events);
      const run = await runRow(s, events[0]!.requestId);
      const [, answer] = await messageRows(s, convs[i]!.id);
      if (i === 2) {
        expect(text).not.toContain("片段49");
        expect(run.status).toBe("CANCEL");
        expect([answer!.status, answer!.finish_reason, answer!.text]).toEqual(["complete", "STOPPED", text]);
      } else {
        expect(text).toContain("片段49");
        expect(run.status).toBe("FINISHED");
        expect([answer!.status, answer!.finish_reason, answer!.text]).toEqual(["complete", "stop", text]);
      }
    }
  });

  it("answers identical reads issued together once (embedded database) with copies the callers own", async () => {
    type Rows = { rows: Record<string, any>[] };
    const read = async () =>
      ((await s.deps.db.execute(sql`select clock_timestamp()::text as at, '{"k": 1}'::jsonb as doc`)) as Rows).rows;
    const results = await Promise.all(Array.from({ length: 8 }, read));
    const times = new Set(results.map((r) => r[0]!.at));
    // PGlite shares one execution (one clock reading); PostgreSQL runs each on the pool.
    if (!process.env.TEST_DATABASE_URL) expect(times.size).toBe(1);
    results[0]![0]!.doc.k = 2;
    expect(results[1]![0]!.doc.k).toBe(1);
    // A read after a write that completed sees it, never a shared answer from before.
    const [conv] = await conversations("fake-bench", 1);
    const topic = async () =>
      ((await s.deps.db.execute(sql`select topic from conversation where id = ${conv!.id}`)) as Rows).rows[0]!.topic;
    const before = topic();
    await s.deps.db.execute(sql`update conversation set topic = '新题' where id = ${conv!.id}`);
    expect(await topic()).toBe("新题");
    await before;
  });
});

describe("readiness under load", () => {
  it("/readyz answers 503 when the database's ping hangs, instead of hanging with it", async () => {
    const stuck = { kind: "pglite", ping: () => new Promise<boolean>(() => {}) } as unknown as Database;
    const { app } = createHttpApp(s.deps, stuck);
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: "pglite" });
  });
});
