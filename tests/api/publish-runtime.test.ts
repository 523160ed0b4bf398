import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { addFakeModel, bindModel, chat, configure, expectWellFormed, newConversation, streamed } from "../support/chat";
import { applyAgent, publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let modelId: number;

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI()]);
  t = await team(s);
  modelId = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-text");
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

/** An agent on the fake model whose system prompt is `prompt`. */
async function agentWith(prompt: string, name = "运行时助手") {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name });
  await bindModel(s, t.member.token, agentId, modelId);
  await configure(s, t.member.token, agentId, { systemPrompt: prompt });
  return agentId;
}

/** Sends one message and returns the system prompt the model received for it. */
async function systemPromptSent(token: string, conversationId: number) {
  const before = fake.requests.length;
  const { events } = await chat(s, token, conversationId, "你好");
  expectWellFormed(events);
  const sent = fake.requests.slice(before).filter((r) => r.path.endsWith("/chat/completions"));
  expect(sent.length).toBeGreaterThan(0);
  const system = sent[0]!.body.messages.find((m: { role: string }) => m.role === "system");
  return String(system?.content ?? "");
}

describe("which configuration a conversation runs", () => {
  it("answers normal conversations with the published snapshot after the draft changes; dev ones with the draft", async () => {
    const agentId = await agentWith("你是已发布的客服。");
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "你是还在修改的草稿。" });

    // A user outside the space found it in the square.
    const outsiderConv = await newConversation(s, t.outsider.token, agentId);
    expect(await systemPromptSent(t.outsider.token, outsiderConv.id)).toBe("你是已发布的客服。");
    // Space members chatting normally get the published behaviour too.
    const memberConv = await newConversation(s, t.other.token, agentId);
    expect(await systemPromptSent(t.other.token, memberConv.id)).toBe("你是已发布的客服。");
    // The builder's debug conversation runs the draft.
    const devConv = await newConversation(s, t.member.token, agentId, { devMode: true });
    expect(await systemPromptSent(t.member.token, devConv.id)).toBe("你是还在修改的草稿。");
    // An outsider cannot open a dev conversation on someone else's draft.
    const dev = await s.call("/api/agent/conversation/create", {
      token: t.outsider.token,
      body: { agentId, devMode: true },
    });
    expect(dev.success).toBe(false);
    expect(dev.code).toMatch(/^40[34]0$/);
  });

  it("keeps answering with the old snapshot while a re-application waits, and the new one once approved", async () => {
    const agentId = await agentWith("第一版。");
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "第二版。" });
    const conv = await newConversation(s, t.outsider.token, agentId);
    ok(await applyAgent(s, t.member.token, agentId));
    expect(await systemPromptSent(t.outsider.token, conv.id)).toBe("第一版。");
    // Applying again replaces the waiting application; the admin approves that one.
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    expect(await systemPromptSent(t.outsider.token, conv.id)).toBe("第二版。");
  });

  it("shows the snapshot in /api/published/agent/{id} while the draft is renamed", async () => {
    const agentId = await agentWith("设定", "发布时的名字");
    await configure(s, t.member.token, agentId, { description: "发布时的描述", openingChatMsg: "欢迎！" });
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { name: "改过的名字", description: "改过的描述", openingChatMsg: "" });
    const detail = ok(await s.call(`/api/published/agent/${agentId}`, { token: t.outsider.token }));
    expect(detail).toMatchObject({
      agentId,
      name: "发布时的名字",
      description: "发布时的描述",
      openingChatMsg: "欢迎！",
      publishStatus: "Published",
      category: "Efficiency",
    });
    expect(detail.publishId).toEqual(expect.any(Number));
    refused(await s.call(`/api/published/agent/${agentId}`), "4010");
    refused(await s.call("/api/published/agent/abc", { token: t.outsider.token }), "4000", "agentId");
  });

  it("after the last publication goes, outsiders lose the agent and members fall back to the draft", async () => {
    const agentId = await agentWith("下架前的版本。");
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "下架后的草稿。" });
    const memberConv = await newConversation(s, t.other.token, agentId);
    expect(await systemPromptSent(t.other.token, memberConv.id)).toBe("下架前的版本。");
    ok(await s.call("/api/publish/offShelf", { token: t.member.token, body: { publishId } }));
    expect(await systemPromptSent(t.other.token, memberConv.id)).toBe("下架后的草稿。");
    const gone = await s.call("/api/agent/conversation/create", { token: t.outsider.token, body: { agentId } });
    expect(gone.code).toMatch(/^40[34]0$/);
    expect((await s.call(`/api/published/agent/${agentId}`, { token: t.outsider.token })).code).toMatch(/^40[34]0$/);
  });

  it("runs a Space publication's snapshot for members of that space only", async () => {
    const agentId = await agentWith("空间发布版。");
    ok(await applyAgent(s, t.member.token, agentId, { scope: "Space" }));
    await configure(s, t.member.token, agentId, { systemPrompt: "空间草稿。" });
    const conv = await newConversation(s, t.other.token, agentId);
    expect(await systemPromptSent(t.other.token, conv.id)).toBe("空间发布版。");
    const outsider = await s.call("/api/agent/conversation/create", { token: t.outsider.token, body: { agentId } });
    expect(outsider.code).toMatch(/^40[34]0$/);
  });

  it("answers with the built-in model's reading of the published setting", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "离线模型助手" });
    await configure(s, t.member.token, agentId, { systemPrompt: "五个字设定" });
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "这是一段更长的草稿设定内容" });
    const conv = await newConversation(s, t.outsider.token, agentId);
    const { events } = await chat(s, t.outsider.token, conv.id, "你好");
    expect(streamed(events)).toContain("我已读取智能体的设定（5 字）");
  });
});
