import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markInterrupted } from "#server/modules/conversation/repo";
import { endActiveTurns } from "#server/runtime/agent/run";
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
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const models: Record<string, number> = {};

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI()]);
  t = await team(s);
  for (const name of ["fake-slow"]) models[name] = await addFakeModel(s, t.member.token, t.spaceId, fake, name);
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

/** An agent of the member's on one fake model, and a fresh conversation with it. */
async function agentOn(model: string) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name: model });
  await bindModel(s, t.member.token, agentId, models[model]!);
  return { agentId, conv: await newConversation(s, t.member.token, agentId) };
}

describe("stopping and concurrency", () => {
  it("stops a slow answer from another request: FINAL_RESULT soon after, partial text kept as complete", async () => {
    const { conv } = await agentOn("fake-slow");
    const stream = openChat(s, t.member.token, conv.id, "慢慢说");
    await stream.waitFor((e) => e.data?.type === "CHAT" && e.data.text === "片段2 ");
    const requestId = stream.events[0]!.requestId;
    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.runningRequestId).toBe(requestId);

    const upstream = fake.requests.findLast((r) => r.body.model === "fake-slow" && r.body.stream)!;
    expect(
      ok(await s.call(`/api/agent/conversation/chat/stop/${requestId}`, { token: t.member.token, body: {} })),
    ).toBe(true);
    const events = await stream.done;
    expectWellFormed(events);
    const text = streamed(events);
    expect(text).toMatch(/^片段0 片段1 片段2 /);
    expect(text).not.toContain("片段49");
    // Stopped at once, not after the model finished on its own: the model call itself was cut off.
    await expect
      .poll(() => upstream.hungUp, { message: "the model request was not cancelled", timeout: 5000 })
      .toBe(true);
    expect(finalOf(events)!.data).toMatchObject({ success: true, outputText: text });

    const [, answer] = await messageRows(s, conv.id);
    expect(answer).toMatchObject({ status: "complete", text, finish_reason: "STOPPED" });
    expect((await runRow(s, requestId)).status).toBe("CANCEL");
    // Stopping a finished run is a no-op; the conversation accepts a new message.
    expect(
      ok(await s.call(`/api/agent/conversation/chat/stop/${requestId}`, { token: t.member.token, body: {} })),
    ).toBe(false);
    expect(
      ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} })).runningRequestId,
    ).toBeNull();
  });

  it("sends a HEART_BEAT every 10 seconds while an answer runs", async () => {
    const patient = await startFakeOpenAI({ slowMs: 250 });
    try {
      const id = await addFakeModel(s, t.member.token, t.spaceId, patient, "fake-slow", { name: "很慢的模型" });
      const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "心跳" });
      await bindModel(s, t.member.token, agentId, id);
      const conv = await newConversation(s, t.member.token, agentId);
      const stream = openChat(s, t.member.token, conv.id, "慢慢说");
      const started = Date.now();
      const beat = await stream.waitFor((e) => e.eventType === "HEART_BEAT", 15_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
      expect(beat).toMatchObject({ requestId: stream.events[0]!.requestId, data: null, completed: false });
      ok(await s.call(`/api/agent/conversation/chat/stop/${beat.requestId}`, { token: t.member.token, body: {} }));
      expectWellFormed(await stream.done);
    } finally {
      await patient.close();
    }
  }, 30_000);

  it("leaves an answer alone when another instance's recovery runs on the shared database", async () => {
    const { conv } = await agentOn("fake-slow");
    const stream = openChat(s, t.member.token, conv.id, "慢慢说");
    const first = await stream.waitFor((e) => e.data?.type === "CHAT" && e.data.text === "片段12 ");
    // What a second instance does at start-up with a lease timeout: the live run has renewed its lease.
    expect(await markInterrupted(s.deps.db, 15_000)).toBe(0);
    expect((await runRow(s, first.requestId)).status).toBe("EXECUTING");
    expect((await messageRows(s, conv.id))[1]!.status).toBe("incomplete");
    const again = await chat(s, t.member.token, conv.id, "插队");
    expect(finalOf(again.events)!.data.success).toBe(false);
    ok(await s.call(`/api/agent/conversation/chat/stop/${first.requestId}`, { token: t.member.token, body: {} }));
    await stream.done;
    expect((await messageRows(s, conv.id)).map((m) => m.status)).toEqual(["complete", "complete"]);
    expect((await runRow(s, first.requestId)).status).toBe("CANCEL");
  });

  it("ends running answers cleanly on a graceful shutdown: kept, marked interrupted, the reader told why", async () => {
    const { conv } = await agentOn("fake-slow");
    const stream = openChat(s, t.member.token, conv.id, "慢慢说");
    const first = await stream.waitFor((e) => e.data?.type === "CHAT" && e.data.text === "片段2 ");
    expect(await endActiveTurns()).toBe(1);
    const events = await stream.done;
    expectWellFormed(events);
    expect(events.at(-2)).toMatchObject({ eventType: "ERROR", error: expect.stringContaining("服务正在重启") });
    expect(finalOf(events)!.data.success).toBe(false);
    const [, answer] = await messageRows(s, conv.id);
    expect(answer).toMatchObject({ status: "interrupted", finish_reason: "INTERRUPTED", text: streamed(events) });
    expect(answer!.text).toMatch(/^片段0 片段1 片段2 /);
    expect((await runRow(s, first.requestId)).status).toBe("FAILED");
    expect(await endActiveTurns()).toBe(0);
  });

  it("refuses a second message while an answer is running, with a streamed error and nothing stored", async () => {
    const { conv } = await agentOn("fake-slow");
    const first = openChat(s, t.member.token, conv.id, "第一条");
    await first.waitFor((e) => e.data?.type === "CHAT");
    const second = await chat(s, t.member.token, conv.id, "第二条");
    expect(second.status).toBe(200);
    expectWellFormed(second.events);
    expect(second.events[0]!.data).toMatchObject({
      finished: true,
      finishReason: "ERROR",
      text: expect.stringContaining("还在生成中"),
    });
    expect(finalOf(second.events)!.data.success).toBe(false);
    expect((await messageRows(s, conv.id)).map((m) => m.text)).not.toContain("第二条");

    ok(
      await s.call(`/api/agent/conversation/chat/stop/${first.events[0]!.requestId}`, {
        token: t.member.token,
        body: {},
      }),
    );
    await first.done;
  });

  it("lets only one of two simultaneous messages run", async () => {
    const { conv } = await agentOn("fake-slow");
    const both = [openChat(s, t.member.token, conv.id, "同时一"), openChat(s, t.member.token, conv.id, "同时二")];
    // The refused one ends at once; the other streams until stopped.
    const refused = await Promise.race(both.map((h) => h.done.then(() => h)));
    expect(finalOf(refused.events)!.data.success).toBe(false);
    const winner = both.find((h) => h !== refused)!;
    const first = await winner.waitFor((e) => e.data?.type === "CHAT");
    ok(await s.call(`/api/agent/conversation/chat/stop/${first.requestId}`, { token: t.member.token, body: {} }));
    expect(finalOf(await winner.done)!.data.success).toBe(true);
    expect((await messageRows(s, conv.id)).filter((m) => m.role === "USER")).toHaveLength(1);
  });
});
