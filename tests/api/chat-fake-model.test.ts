import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTenantConfigValues, saveTenantConfigValues } from "#server/modules/tenant/repo";
import { FAKE_TEXT, startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import {
  addFakeModel,
  bindModel,
  CHAT_PATH,
  chat,
  configure,
  expectWellFormed,
  finalOf,
  messageRows,
  newConversation,
  runRow,
  setVariables,
  streamed,
} from "../support/chat";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const models: Record<string, number> = {};

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI()]);
  t = await team(s);
  for (const name of ["fake-text", "fake-reasoning", "fake-tools", "fake-drop", "fake-error"]) {
    models[name] = await addFakeModel(s, t.member.token, t.spaceId, fake, name);
  }
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

/** An agent of the member's on one fake model, and a fresh conversation with it. */
async function agentOn(model: string, extra: Record<string, unknown> = {}) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name: model });
  await bindModel(s, t.member.token, agentId, models[model]!, extra);
  const conv = await newConversation(s, t.member.token, agentId);
  return { agentId, conv };
}

const completions = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions"));

describe("chat through an OpenAI-compatible provider", () => {
  it("streams text with usage as tokens", async () => {
    const { conv } = await agentOn("fake-text");
    const { events } = await chat(s, t.member.token, conv.id, "你好");
    expectWellFormed(events);
    expect(streamed(events)).toBe(FAKE_TEXT);
    expect(finalOf(events)!.data).toMatchObject({
      success: true,
      promptTokens: 12,
      completionTokens: 8,
      totalTokens: 20,
    });
    const sent = completions().at(-1)!.body;
    expect(sent).toMatchObject({ model: "fake-text", stream: true, temperature: 1, top_p: 0.7 });
    expect(sent.messages.at(-1)).toEqual({ role: "user", content: "你好" });
  });

  it("passes the Model component's settings to the provider, capped by the model's max tokens", async () => {
    const { conv } = await agentOn("fake-text", { temperature: 0.3, topP: 0.5, maxTokens: 100 });
    await chat(s, t.member.token, conv.id, "你好");
    expect(completions().at(-1)!.body).toMatchObject({ temperature: 0.3, top_p: 0.5, max_tokens: 100 });
    const big = await agentOn("fake-text", { maxTokens: 100_000 });
    await chat(s, t.member.token, big.conv.id, "你好");
    expect(completions().at(-1)!.body.max_tokens).toBe(4096);
  });

  it("refuses to chat on a disabled model with a streamed explanation", async () => {
    const id = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-text", { name: "停用模型" });
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "停用" });
    await bindModel(s, t.member.token, agentId, id);
    const conv = await newConversation(s, t.member.token, agentId);
    ok(
      await s.call("/api/model/save", {
        token: t.member.token,
        body: { id, spaceId: t.spaceId, name: "停用模型", model: "fake-text", baseUrl: fake.url, enabled: 0 },
      }),
    );
    const before = completions().length;
    const { status, events } = await chat(s, t.member.token, conv.id, "你好");
    expect(status).toBe(200);
    expectWellFormed(events);
    expect(events[0]!.data).toMatchObject({
      finishReason: "ERROR",
      text: expect.stringContaining("模型已下线或不可用"),
    });
    expect(finalOf(events)!.data.success).toBe(false);
    expect(completions().length).toBe(before);
    expect(await messageRows(s, conv.id)).toEqual([]);
  });

  it("turns reasoning_content into THINK deltas before the answer and stores the reasoning", async () => {
    const { conv } = await agentOn("fake-reasoning");
    const { events } = await chat(s, t.member.token, conv.id, "想一想");
    expectWellFormed(events);
    expect(streamed(events, "THINK")).toBe("先想一想，再回答。");
    const types = events.filter((e) => e.eventType === "MESSAGE" && e.data.text).map((e) => e.data.type);
    expect(types.lastIndexOf("THINK")).toBeLessThan(types.indexOf("CHAT"));
    const [, answer] = await messageRows(s, conv.id);
    expect(answer).toMatchObject({ status: "complete", think: "先想一想，再回答。", text: FAKE_TEXT });
  });

  it("assembles tool calls split across chunks, runs the tool, and calls the model again", async () => {
    const { agentId, conv } = await agentOn("fake-tools");
    await setVariables(s, t.member.token, agentId, [{ name: "tone", displayName: "语气" }]);
    const before = completions().length;
    const { events } = await chat(s, t.member.token, conv.id, "用轻松的语气");
    expectWellFormed(events);
    const steps = events.filter((e) => e.eventType === "PROCESSING").map((e) => e.data);
    expect(steps.map((p) => p.status)).toEqual(["EXECUTING", "FINISHED"]);
    expect(steps[1]).toMatchObject({
      executeId: "call_fake_1",
      result: { executeId: "call_fake_1", input: { name: "tone", value: "轻松" } },
    });
    expect(streamed(events)).toBe("工具已经完成。");

    const calls = completions().slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body.tools.map((x: any) => x.function.name)).toEqual(["set_variable"]);
    expect(calls[1]!.body.messages.some((m: any) => m.role === "tool" && m.tool_call_id === "call_fake_1")).toBe(true);
    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.variables).toMatchObject({ tone: "轻松" });
  });

  it.each([
    ["fake-drop", /中断/, "这句话会被截断"],
    ["fake-error", /模型服务暂时不可用（500）/, ""],
  ])(
    "a provider failure (%s) ends with ERROR, FINAL_RESULT success false and an error message",
    async (model, why, partial) => {
      const { conv } = await agentOn(model);
      const { events } = await chat(s, t.member.token, conv.id, "说点什么");
      expectWellFormed(events);
      const error = events.find((e) => e.eventType === "ERROR")!;
      expect(error.error).toMatch(why);
      expect(events.indexOf(error)).toBe(events.length - 2);
      expect(finalOf(events)!.data).toMatchObject({ success: false, error: expect.stringMatching(why) });
      expect(streamed(events)).toBe(partial);

      const [user, answer] = await messageRows(s, conv.id);
      expect(user).toMatchObject({ role: "USER", text: "说点什么" });
      expect(answer).toMatchObject({ role: "ASSISTANT", status: "error", text: partial, finish_reason: "ERROR" });
      expect((await runRow(s, events[0]!.requestId)).status).toBe("FAILED");
      const queue = ok(await s.call("/api/notify/event/collect/batch", { token: t.member.token }));
      expect(queue.eventList).toContainEqual({
        type: "chat_finished",
        event: expect.objectContaining({ requestId: events[0]!.requestId, status: "FAILED" }),
      });
      // The conversation carries on after a failure.
      const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
      expect(view.runningRequestId).toBeNull();
    },
  );

  it("gives the model an absolute, signed link to each attached file", async () => {
    const stored = await findTenantConfigValues(s.deps.db, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, siteUrl: "https://agents.example.com/" });
    try {
      const form = new FormData();
      form.append("file", new File(["季度数据"], "数据.txt"));
      const upload = await fetch(`${s.url}/api/file/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.member.token}` },
        body: form,
      });
      const { key } = ok(await upload.json());
      const { agentId, conv } = await agentOn("fake-text");
      await configure(s, t.member.token, agentId, { openFileBox: "Open" });
      const attachment = { fileKey: key, fileUrl: "/stale", fileName: "数据.txt", mimeType: "text/plain" };
      await chat(s, t.member.token, conv.id, "总结一下", { attachments: [attachment] });
      const content = completions().at(-1)!.body.messages.at(-1).content as string;
      const link = new RegExp(`https://agents\\.example\\.com/api/file/download/${key}\\?exp=\\d+&sig=[\\w-]+`);
      expect(content).toMatch(link);
      expect(content).toContain("总结一下");
      const path = link.exec(content)![0].replace("https://agents.example.com", "");
      expect(await (await fetch(s.url + path)).text()).toBe("季度数据");
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });

  it("substitutes {{variables}} into the system prompt after the tenant's global prompt", async () => {
    const stored = await findTenantConfigValues(s.deps.db, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, globalSystemPrompt: "全局规则：始终使用简体中文。" });
    try {
      const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "客服" });
      await bindModel(s, t.member.token, agentId, models["fake-text"]!);
      await setVariables(s, t.member.token, agentId, [{ name: "company", bindValue: "默认公司" }, { name: "product" }]);
      await configure(s, t.member.token, agentId, {
        systemPrompt: "你是{{company}}的客服，负责{{product}}，当前用户：{{USER_NAME}}。{{missing}}完毕",
      });
      const conv = await newConversation(s, t.member.token, agentId, { variables: { company: "星河科技" } });
      await chat(s, t.member.token, conv.id, "你好", { variableParams: { product: "扫地机器人" } });
      const system = completions().at(-1)!.body.messages[0];
      expect(system.role).toBe("system");
      expect(system.content).toBe(
        `全局规则：始终使用简体中文。\n\n你是星河科技的客服，负责扫地机器人，当前用户：${t.member.userName}。完毕`,
      );
      // A later turn without parameters remembers the conversation's values.
      await chat(s, t.member.token, conv.id, "还在吗");
      expect(completions().at(-1)!.body.messages[0].content).toContain("负责扫地机器人");
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });
});

describe("titles and suggestions when the tenant's default model fails", () => {
  it("falls back to the first 20 characters of the first message, and to no suggestions", async () => {
    const stored = ok(await s.call("/api/tenant/config", { token: t.sysAdmin }));
    const failing = ok<number>(
      await s.call("/api/system/model/save", {
        token: t.sysAdmin,
        body: { name: "故障模型", model: "fake-error", apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: fake.apiKey },
      }),
    );
    const defaults = (body: object) => s.call("/api/system/model/defaults", { token: t.sysAdmin, body });
    ok(await defaults({ defaultChatModelId: failing, defaultSuggestModelId: failing }));
    try {
      const { agentId, conv } = await agentOn("fake-text");
      await configure(s, t.member.token, agentId, { openSuggest: "Open" });
      await chat(s, t.member.token, conv.id, "请帮我规划一次为期三天的杭州旅行行程，预算五千元");
      const titled = ok(
        await s.call("/api/agent/conversation/update", {
          token: t.member.token,
          body: { id: conv.id, firstMessage: "请帮我规划一次为期三天的杭州旅行行程，预算五千元" },
        }),
      );
      expect(titled.topic).toBe("请帮我规划一次为期三天的杭州旅行行程，预");
      const suggestions = await s.call("/api/agent/conversation/chat/suggest", {
        token: t.member.token,
        body: { conversationId: conv.id },
      });
      expect(ok(suggestions)).toEqual([]);
    } finally {
      ok(
        await defaults({
          defaultChatModelId: stored.defaultChatModelId,
          defaultSuggestModelId: stored.defaultSuggestModelId,
        }),
      );
    }
  });
});

describe("refusals before the stream opens", () => {
  it("answers HTTP 401 without a token, 400 for a bad body, 404 for someone else's conversation", async () => {
    const { conv } = await agentOn("fake-text");
    const before = await messageRows(s, conv.id);

    const anonymous = await postSse(s.url, CHAT_PATH, { body: { conversationId: conv.id, message: "你好" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.envelope).toMatchObject({ code: "4010", success: false });

    const bad = await postSse(s.url, CHAT_PATH, {
      token: t.member.token,
      body: { conversationId: "abc", message: "你好" },
    });
    expect(bad.status).toBe(400);
    expect(bad.envelope!.code).toBe("4000");
    expect(bad.envelope!.message).toContain("'conversationId'");
    const notJson = await postSse(s.url, CHAT_PATH, { token: t.member.token, raw: "{oops" });
    expect(notJson.status).toBe(400);
    const empty = await postSse(s.url, CHAT_PATH, {
      token: t.member.token,
      body: { conversationId: conv.id, message: "  " },
    });
    expect(empty.status).toBe(400);
    expect(empty.envelope!.message).toContain("'message'");

    const outsider = await postSse(s.url, CHAT_PATH, {
      token: t.outsider.token,
      body: { conversationId: conv.id, message: "你好" },
    });
    expect(outsider.status).toBe(404);
    expect(outsider.envelope!.code).toBe("4040");
    const teammate = await postSse(s.url, CHAT_PATH, {
      token: t.other.token,
      body: { conversationId: conv.id, message: "你好" },
    });
    expect(teammate.status).toBe(404);

    expect(await messageRows(s, conv.id)).toEqual(before);
  });
});
