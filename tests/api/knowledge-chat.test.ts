import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, type Team, team } from "../support/agents";
import { addFakeModel, bindModel, chat, expectWellFormed, newConversation, streamed } from "../support/chat";
import { startServer, type TestServer } from "../support/server";
import type { ChatEvent } from "../support/sse";
import { FIXTURES, K, settled } from "./knowledge-support";

/** Issue 13 item 7: a knowledge base bound to an agent answers from its documents, with the passages in the step. */
let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let kbId: number;

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ toolArgs: { query: "退款手续费是多少" } })]);
  t = await team(s);
  kbId = ok<number>(
    await s.call(`${K}/config/add`, { token: t.member.token, body: { spaceId: t.spaceId, name: "帮助中心" } }),
  );
  for (const name of ["refund.md", "membership.txt"]) {
    const fileContent = readFileSync(path.join(FIXTURES, name), "utf8");
    ok(await s.call(`${K}/document/customAdd`, { token: t.member.token, body: { kbId, name, fileContent } }));
  }
  await settled(s, t.member.token, kbId);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function agentWith(model: string, bindConfig: Record<string, unknown>) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "客服" });
  await bindModel(s, t.member.token, agentId, await addFakeModel(s, t.member.token, t.spaceId, fake, model));
  const body = { agentId, type: "Knowledge", targetId: kbId, bindConfig };
  ok(await s.call("/api/agent/component/add", { token: t.member.token, body }));
  const conv = await newConversation(s, t.member.token, agentId);
  return conv.id as number;
}

const knowledgeSteps = (events: ChatEvent[]) =>
  events.filter((e) => e.eventType === "PROCESSING" && e.data?.type === "Knowledge").map((e) => e.data);
const completions = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions"));

describe("a knowledge base bound to an agent", () => {
  it("AUTO: searches before the model answers and puts the passages with their sources into its prompt", async () => {
    const conversationId = await agentWith("fake-text", { invokeType: "AUTO", matchingDegree: 0.3 });
    const { events } = await chat(s, t.member.token, conversationId, "退款要收多少手续费？");
    expectWellFormed(events);
    const done = knowledgeSteps(events).find((step) => step.status === "FINISHED");
    expect(done, JSON.stringify(knowledgeSteps(events))).toBeDefined();
    expect(done.result.input).toEqual({ query: "退款要收多少手续费？" });
    const [first] = done.result.data.passages;
    expect(first).toMatchObject({ index: 1, source: "refund.md" });
    expect(first.text).toContain("10%");
    const system = completions().at(-1)?.body.messages[0];
    expect(system.role).toBe("system");
    expect(system.content).toContain("refund.md");
    // The tool results reach the prompt as JSON, so the passage appears with its line breaks escaped.
    expect(system.content).toContain(JSON.stringify(first.text));
  });

  it("ON_DEMAND: the model calls the search tool and answers from what it returned", async () => {
    const conversationId = await agentWith("fake-plugins", { invokeType: "ON_DEMAND", matchingDegree: 0.3 });
    const { events } = await chat(s, t.member.token, conversationId, "我想退款");
    expectWellFormed(events);
    const tools = completions()
      .at(-2)
      ?.body.tools.map((x: any) => x.function.name);
    expect(tools).toContain(`knowledge${kbId}`);
    const done = knowledgeSteps(events).find((step) => step.status === "FINISHED");
    expect(done.result.input).toEqual({ query: "退款手续费是多少" });
    expect(streamed(events)).toContain("10%");
  });

  it("with nothing above the threshold, answers the configured no-recall reply without asking the model", async () => {
    const conversationId = await agentWith("fake-text", {
      invokeType: "AUTO",
      searchStrategy: "SEMANTIC",
      matchingDegree: 0.99,
      noneRecallReplyType: "CUSTOM",
      noneRecallReply: "知识库里暂时没有这方面的资料，请联系人工客服。",
    });
    const before = completions().length;
    const { events } = await chat(s, t.member.token, conversationId, "火星上的天气怎么样？");
    expectWellFormed(events);
    expect(streamed(events)).toBe("知识库里暂时没有这方面的资料，请联系人工客服。");
    expect(completions().length).toBe(before);
  });
});
