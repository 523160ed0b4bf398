import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, personalSpace } from "../support/agents";
import { chat, configure, eventually, expectWellFormed, newConversation, streamed } from "../support/chat";
import { rows } from "../support/helpers";
import { memoriesOf, memoriesReach } from "../support/memory";
import { startServer, type TestServer } from "../support/server";

/**
 * Long-term memory with the built-in offline model (the tenant's default on a fresh install): what a user says
 * about themselves in one conversation is extracted after the turn and recalled in the next conversation.
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

describe("long-term memory with the built-in model", () => {
  it("remembers name, project and a preference from one conversation in the next", async () => {
    const first = await newConversation(s, creator.token, agentId);
    const { events } = await chat(s, creator.token, first.id, "我叫张三，我在做一个记账应用，我喜欢简洁的回答。");
    expectWellFormed(events);
    const page = await memoriesReach(s, creator.token, 3);
    expect(page.records.map((m) => [m.category, m.content]).sort()).toEqual([
      ["preference", "用户喜欢简洁的回答"],
      ["profile", "用户的名字是张三"],
      ["project", "用户正在做一个记账应用"],
    ]);
    expect(page.records.every((m) => m.agentId === agentId && !m.isSensitive)).toBe(true);

    const second = await newConversation(s, creator.token, agentId);
    const answer = streamed((await chat(s, creator.token, second.id, "你还记得我的记账应用吗？")).events);
    expect(answer).toContain("我记得关于你的这些信息");
    expect(answer).toContain("用户的名字是张三");
    expect(answer).toContain("用户正在做一个记账应用");
  });

  it("merges a changed fact into the memory it replaces instead of adding another", async () => {
    const before = await memoriesOf(s, creator.token, { category: "profile" });
    const nameMemory = before.records.find((m) => m.content.includes("张三"))!;
    const conv = await newConversation(s, creator.token, agentId);
    await chat(s, creator.token, conv.id, "其实我的名字是李四");
    const after = await eventually(async () => {
      const page = await memoriesOf(s, creator.token, { category: "profile" });
      return page.records.some((m) => m.content.includes("李四")) && page;
    }, 15_000);
    expect(after.total).toBe(before.total);
    expect(after.records.find((m) => m.id === nameMemory.id)!.content).toBe("用户的名字是李四");
    // Saying the same things again changes nothing.
    const all = await memoriesOf(s, creator.token);
    const done = await extractedTurns(creator.id);
    await chat(s, creator.token, conv.id, "我叫李四");
    await chat(s, creator.token, conv.id, "我喜欢简洁的回答");
    await extractedTurnsReach(creator.id, done + 2);
    const again = await memoriesOf(s, creator.token);
    expect(again.total).toBe(all.total);
    expect(again.records.map((m) => m.content).sort()).toEqual(all.records.map((m) => m.content).sort());
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
