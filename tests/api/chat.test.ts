import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, type Team, team } from "../support/agents";
import {
  bindModel,
  CHAT_PATH,
  chat,
  configure,
  eventually,
  expectWellFormed,
  finalOf,
  messageRows,
  newConversation,
  runRow,
  setVariables,
  streamed,
} from "../support/chat";
import { startServer, type TestServer } from "../support/server";
import { postSseUntil } from "../support/sse";

let s: TestServer;
let t: Team;
let agentId: number;
let builtinId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId);
  const models = ok<any[]>(await s.call("/api/model/list", { token: t.member.token, body: {} }));
  builtinId = models.find((m) => m.builtin).id;
});
afterAll(() => s.close());

describe("chat with the built-in offline model", () => {
  it("streams reasoning, then the answer, then FINAL_RESULT, and stores both messages", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    const { status, contentType, events } = await chat(s, t.member.token, conv.id, "你好，介绍一下你自己");
    expect(status).toBe(200);
    expect(contentType).toContain("text/event-stream");
    expectWellFormed(events);

    const kinds = events.map((e) => (e.eventType === "MESSAGE" ? e.data.type : e.eventType));
    const lastThink = kinds.lastIndexOf("THINK");
    const firstChat = kinds.indexOf("CHAT");
    expect(lastThink).toBeGreaterThanOrEqual(0);
    expect(lastThink).toBeLessThan(firstChat);
    // Token by token: many small deltas, not one block.
    expect(events.filter((e) => e.data?.type === "CHAT" && e.data.text).length).toBeGreaterThan(10);

    const closing = events.at(-2)!;
    expect(closing.eventType).toBe("MESSAGE");
    expect(closing.data).toMatchObject({ type: "CHAT", text: "", finished: true, role: "ASSISTANT" });
    for (const e of events.slice(0, -2)) if (e.eventType === "MESSAGE") expect(e.data.finished).toBe(false);

    const text = streamed(events);
    const think = streamed(events, "THINK");
    expect(text).toContain("你说的是：「你好，介绍一下你自己」");
    expect(think).toContain("第 1 轮");
    const final = finalOf(events)!;
    expect(final.data).toMatchObject({ success: true, error: null, outputText: text });
    expect(final.data.totalTokens).toBeGreaterThan(0);
    expect(final.data.endTime).toBeGreaterThanOrEqual(final.data.startTime);

    const stored = await messageRows(s, conv.id);
    expect(stored.map((m) => [m.role, m.status])).toEqual([
      ["USER", "complete"],
      ["ASSISTANT", "complete"],
    ]);
    expect(stored[0]!.text).toBe("你好，介绍一下你自己");
    expect(stored[1]).toMatchObject({ text, think, request_id: events[0]!.requestId });
    expect((await runRow(s, events[0]!.requestId)).status).toBe("FINISHED");

    // What a client reloading the page sees.
    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.runningRequestId).toBeNull();
    expect(view.messageList.map((m: any) => [m.role, m.text])).toEqual([
      ["USER", "你好，介绍一下你自己"],
      ["ASSISTANT", text],
    ]);
    expect(view.messageList[1]).toMatchObject({ think, status: "complete", finished: true });
  });

  it("finishes and stores the answer when the reader disconnects early", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    const firstFrames = await postSseUntil(
      s.url,
      CHAT_PATH,
      { token: t.member.token, body: { conversationId: conv.id, message: "我先走了" } },
      3,
    );
    expect(firstFrames).toHaveLength(3);
    const requestId = firstFrames[0]!.requestId;
    await eventually(async () => (await runRow(s, requestId)).status === "FINISHED");
    const [, answer] = await messageRows(s, conv.id);
    expect(answer).toMatchObject({ status: "complete", finish_reason: "stop" });
    expect(answer!.text).toContain("你说的是：「我先走了」");
  });

  it("counts rounds of context, and with contextRounds 0 every message is the first round", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    expect(streamed((await chat(s, t.member.token, conv.id, "第一个问题")).events)).toContain("第 1 轮");
    expect(streamed((await chat(s, t.member.token, conv.id, "第二个问题")).events)).toContain("第 2 轮");
    expect(streamed((await chat(s, t.member.token, conv.id, "第三个问题")).events)).toContain("第 3 轮");

    const single = await addAgent(s, t.member.token, t.spaceId, { name: "单轮助手" });
    await bindModel(s, t.member.token, single, builtinId, { contextRounds: 1 });
    const c1 = await newConversation(s, t.member.token, single);
    for (const q of ["一", "二"]) await chat(s, t.member.token, c1.id, q);
    expect(streamed((await chat(s, t.member.token, c1.id, "三")).events)).toContain("第 2 轮");

    const none = await addAgent(s, t.member.token, t.spaceId, { name: "无记忆助手" });
    await bindModel(s, t.member.token, none, builtinId, { contextRounds: 0 });
    const c0 = await newConversation(s, t.member.token, none);
    await chat(s, t.member.token, c0.id, "一");
    expect(streamed((await chat(s, t.member.token, c0.id, "二")).events)).toContain("第 1 轮");
  });

  it("lets the model set a conversation variable through the set_variable tool", async () => {
    const withVars = await addAgent(s, t.member.token, t.spaceId, { name: "记事助手" });
    await setVariables(s, t.member.token, withVars, [{ name: "city", displayName: "城市" }]);
    const conv = await newConversation(s, t.member.token, withVars);
    const { events } = await chat(s, t.member.token, conv.id, "请用 set_variable 记住 name=city value=杭州");
    expectWellFormed(events);

    const steps = events.filter((e) => e.eventType === "PROCESSING").map((e) => e.data);
    expect(steps.map((p) => p.status)).toEqual(["EXECUTING", "FINISHED"]);
    expect(steps[0].executeId).toBe(steps[1].executeId);
    expect(steps[1]).toMatchObject({
      type: "Variable",
      result: { success: true, input: { name: "city", value: "杭州" } },
    });
    // The tool ran between the two model steps: the final answer reports its result.
    const firstProcessing = events.findIndex((e) => e.eventType === "PROCESSING");
    expect(events.slice(firstProcessing).some((e) => e.data?.type === "CHAT" && e.data.text)).toBe(true);
    expect(streamed(events)).toContain("杭州");
    expect(finalOf(events)!.data.componentExecuteResults).toHaveLength(1);

    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.variables).toMatchObject({ city: "杭州" });
    const [, answer] = await messageRows(s, conv.id);
    expect(answer!.processing_list.map((p: any) => p.status)).toEqual(["FINISHED"]);

    // A failing tool shows as FAILED and its error goes back to the model, which still answers.
    const failed = await chat(s, t.member.token, conv.id, "set_variable name=country value=中国");
    expectWellFormed(failed.events);
    const failedSteps = failed.events.filter((e) => e.eventType === "PROCESSING").map((e) => e.data);
    expect(failedSteps.map((p) => p.status)).toEqual(["EXECUTING", "FAILED"]);
    expect(failedSteps[1].result).toMatchObject({ success: false, error: "变量 country 不存在" });
    expect(finalOf(failed.events)!.data.success).toBe(true);
    expect(streamed(failed.events)).toContain("工具执行失败：变量 country 不存在");
  });

  it("suggests up to three follow-up questions only when suggestions are open", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    const suggest = () =>
      s.call<string[]>("/api/agent/conversation/chat/suggest", {
        token: t.member.token,
        body: { conversationId: conv.id, message: "怎么学习编程" },
      });
    expect(ok(await suggest())).toEqual([]); // no answer yet
    await chat(s, t.member.token, conv.id, "怎么学习编程");
    expect(ok(await suggest())).toEqual([]); // suggestions closed by default

    await configure(s, t.member.token, agentId, { openSuggest: "Open" });
    const list = ok(await suggest());
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const q of list) expect(typeof q === "string" && q.trim().length > 0).toBe(true);
    expect(list.join("")).toContain("怎么学习编程");
    await configure(s, t.member.token, agentId, { openSuggest: "Close" });

    const outsider = await s.call("/api/agent/conversation/chat/suggest", {
      token: t.outsider.token,
      body: { conversationId: conv.id },
    });
    expect(outsider.code).toBe("4040");
  });

  it("queues chat_finished for the chatting user's sessions only; clear empties the queue", async () => {
    const collect = async (token: string) =>
      ok(await s.call("/api/notify/event/collect/batch", { token })) as { hasEvent: boolean; eventList: any[] };
    ok(await s.call("/api/notify/event/clear", { method: "POST", token: t.member.token }));
    ok(await s.call("/api/notify/event/clear", { method: "POST", token: t.other.token }));
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "完成后通知我");

    const mine = await collect(t.member.token);
    expect(mine.hasEvent).toBe(true);
    expect(mine.eventList).toContainEqual({
      type: "chat_finished",
      event: expect.objectContaining({ conversationId: conv.id, requestId: events[0]!.requestId, status: "COMPLETE" }),
    });
    // Collecting does not remove; another user sees nothing of it.
    expect((await collect(t.member.token)).eventList.length).toBe(mine.eventList.length);
    expect(await collect(t.other.token)).toEqual({ hasEvent: false, eventList: [] });

    ok(await s.call("/api/notify/event/clear", { method: "POST", token: t.member.token }));
    expect(await collect(t.member.token)).toEqual({ hasEvent: false, eventList: [] });
    expect((await s.call("/api/notify/event/collect/batch")).code).toBe("4010");
  });

  it("runs the draft in a dev conversation for space members", async () => {
    await configure(s, t.member.token, agentId, { systemPrompt: "你是一个草稿助手。" });
    const conv = await newConversation(s, t.other.token, agentId, { devMode: true });
    expect(conv.devMode).toBe(true);
    const { events } = await chat(s, t.other.token, conv.id, "调试一下", { debug: true });
    expectWellFormed(events);
    expect(streamed(events)).toContain("我已读取智能体的设定（9 字）");
    // Dev conversations stay out of the history list.
    const list = ok<any[]>(await s.call("/api/agent/conversation/list", { token: t.other.token, body: { agentId } }));
    expect(list.map((c) => c.id)).not.toContain(conv.id);
  });
});
