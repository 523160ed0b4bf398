import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, markPublished, personalSpace } from "../support/agents";
import { chat, configure, eventually, newConversation, streamed } from "../support/chat";
import { rows } from "../support/helpers";
import { memoriesOf, memoriesReach } from "../support/memory";
import { startServer, type TestServer } from "../support/server";

/**
 * Who sees which long-term memories (built-in model): sensitive ones only in the owner's own chats with their own
 * agents, and nothing at all while the agent's 长期记忆 switch is off.
 */
let s: TestServer;
let creator: Awaited<ReturnType<TestServer["newUser"]>>;
let agentId: number;

beforeAll(async () => {
  s = await startServer();
  creator = await s.newUser();
  agentId = await addAgent(s, creator.token, await personalSpace(s, creator.token), { name: "记忆助手" });
  await configure(s, creator.token, agentId, { openLongMemory: "Open" });
});
afterAll(async () => {
  await s.close();
});

describe("long-term memory privacy", () => {
  it("keeps a sensitive memory out of another builder's agent, but shows it to its owner", async () => {
    const admin = await s.adminToken();
    await markPublished(s, admin, agentId);
    const visitor = await s.newUser();
    const conv = await newConversation(s, visitor.token, agentId);
    await chat(s, visitor.token, conv.id, "我叫王五，我的密码是hunter2");
    const page = await memoriesReach(s, visitor.token, 2);
    const secret = page.records.find((m) => m.category === "auth")!;
    expect(secret).toMatchObject({ content: "用户的密码是hunter2", isSensitive: true });
    // Nobody else lists it: the creator of the agent sees only their own memories.
    expect((await memoriesOf(s, creator.token)).records.some((m) => m.content.includes("hunter2"))).toBe(false);

    const next = await newConversation(s, visitor.token, agentId);
    const answer = streamed((await chat(s, visitor.token, next.id, "我的密码和名字是什么？")).events);
    expect(answer).toContain("用户的名字是王五");
    expect(answer).not.toContain("hunter2");
  });

  it("recalls the agent creator's own sensitive memories in their chats", async () => {
    const conv = await newConversation(s, creator.token, agentId);
    await chat(s, creator.token, conv.id, "我的手机号是13800001111");
    await eventually(async () => (await memoriesOf(s, creator.token, { category: "auth" })).total === 1, 15_000);
    const next = await newConversation(s, creator.token, agentId);
    const answer = streamed((await chat(s, creator.token, next.id, "我的手机号是多少？")).events);
    expect(answer).toContain("用户的手机号是13800001111");
  });

  it("neither recalls nor extracts when the agent's 长期记忆 switch is off", async () => {
    const user = await s.newUser();
    const own = await addAgent(s, user.token, await personalSpace(s, user.token), { name: "无记忆" });
    const off = await newConversation(s, user.token, own);
    await chat(s, user.token, off.id, "我叫赵六");

    await configure(s, user.token, own, { openLongMemory: "Open" });
    const on = await newConversation(s, user.token, own);
    await chat(s, user.token, on.id, "我在做一个游戏");
    await extractedTurnsReach(user.id, 1);
    const page = await memoriesOf(s, user.token);
    expect(page.records.map((m) => m.content)).toEqual(["用户正在做一个游戏"]);
    expect(await extractedTurns(user.id)).toBe(1);

    await configure(s, user.token, own, { openLongMemory: "Close" });
    const answer = streamed((await chat(s, user.token, on.id, "我在做什么？")).events);
    expect(answer).not.toContain("我记得关于你的这些信息");
  });
});

/** Memory extractions of this user's turns that have finished (the queue is pg-boss's table in our database). */
async function extractedTurns(userId: number) {
  const [row] = await rows<{ n: number }>(
    s,
    sql`select count(*)::int as n from pgboss.job
      where name = 'memory-extract' and state = 'completed' and (data->>'userId')::int = ${userId}`,
  );
  return row?.n ?? 0;
}
const extractedTurnsReach = (userId: number, n: number) =>
  eventually(async () => (await extractedTurns(userId)) >= n, 15_000);
