import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMemories } from "#server/modules/memory/repo";
import { memoryIndex } from "#server/runtime/memory/recall";
import { addAgent, ok, personalSpace, refused } from "../support/agents";
import { rawFetch } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/** /api/memory/*: a user lists, edits and deletes only their own memories. */
let s: TestServer;
type User = Awaited<ReturnType<TestServer["newUser"]>>;
let owner: User;
let outsider: User;
let agentA: number;
let agentB: number;

async function remember(user: User, agentId: number, category: string, content: string, isSensitive = false) {
  const [row] = await insertMemories(s.deps.db, [
    { tenantId: 1, userId: user.id, agentId, category, content, isSensitive, ...memoryIndex(content) },
  ]);
  return row!.id;
}

const list = (token: string | null, body: Record<string, unknown> = {}) =>
  s.call("/api/memory/list", { token, body: { current: 1, pageSize: 10, ...body } });

beforeAll(async () => {
  s = await startServer();
  [owner, outsider] = [await s.newUser(), await s.newUser()];
  const space = await personalSpace(s, owner.token);
  agentA = await addAgent(s, owner.token, space, { name: "助手甲" });
  agentB = await addAgent(s, owner.token, space, { name: "助手乙" });
});
afterAll(async () => {
  await s.close();
});

describe("memory API", () => {
  it("lists the caller's memories newest first, by agent and category, paged, with the agent's name", async () => {
    await remember(owner, agentA, "profile", "用户的名字是张三");
    await remember(owner, agentA, "project", "用户正在做一个记账应用");
    await remember(owner, agentB, "auth", "用户的密码是hunter2", true);
    await remember(outsider, agentA, "profile", "用户的名字是外人");

    const all = ok(await list(owner.token));
    expect(all.total).toBe(3);
    expect(all.records.map((m: { content: string }) => m.content)).toEqual([
      "用户的密码是hunter2",
      "用户正在做一个记账应用",
      "用户的名字是张三",
    ]);
    expect(all.records[0]).toMatchObject({
      agentId: agentB,
      agentName: "助手乙",
      category: "auth",
      subCategory: "",
      isSensitive: true,
    });
    expect(Object.keys(all.records[0]).sort()).toEqual(
      ["agentId", "agentName", "category", "content", "created", "id", "isSensitive", "modified", "subCategory"].sort(),
    );
    const ofA = ok(await list(owner.token, { agentId: agentA }));
    expect(ofA.total).toBe(2);
    const profile = ok(await list(owner.token, { agentId: agentA, category: "profile" }));
    expect(profile.records.map((m: { content: string }) => m.content)).toEqual(["用户的名字是张三"]);
    const page2 = ok(await list(owner.token, { current: 2, pageSize: 2 }));
    expect(page2).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(page2.records).toHaveLength(1);

    const agents = ok(await s.call("/api/memory/agents", { token: owner.token, body: {} }));
    expect(agents).toEqual([
      { agentId: agentA, agentName: "助手甲", icon: expect.any(String), count: 2 },
      { agentId: agentB, agentName: "助手乙", icon: expect.any(String), count: 1 },
    ]);
  });

  it("updates the content, and recall finds the memory by its new words", async () => {
    const id = await remember(owner, agentA, "preference", "用户喜欢喝咖啡");
    ok(await s.call("/api/memory/update", { token: owner.token, body: { id, content: "  用户喜欢喝绿茶 " } }));
    const page = ok(await list(owner.token, { category: "preference" }));
    expect(page.records[0]).toMatchObject({ id, content: "用户喜欢喝绿茶" });
    const { recallMemories } = await import("#server/runtime/memory/recall");
    const found = await recallMemories(s.deps.db, {
      userId: owner.id,
      agentId: agentA,
      query: "推荐一款绿茶",
      includeSensitive: false,
      limit: 5,
    });
    expect(found.map((m) => m.id)).toContain(id);
  });

  it("refuses bad input naming the field", async () => {
    refused(
      await s.call("/api/memory/update", { token: owner.token, body: { id: 1, content: "   " } }),
      "4000",
      "content",
    );
    refused(
      await s.call("/api/memory/update", { token: owner.token, body: { id: 1, content: "长".repeat(2001) } }),
      "4000",
      "content",
    );
    refused(await s.call("/api/memory/update", { token: owner.token, body: { content: "x" } }), "4000", "id");
    refused(await list(owner.token, { category: "secret" }), "4000", "category");
    refused(await list(owner.token, { pageSize: 1000 }), "4000", "pageSize");
    refused(await s.call("/api/memory/delete/abc", { token: owner.token, body: {} }), "4000", "id");
    refused(await s.call("/api/memory/clear", { token: owner.token, body: { agentId: "x" } }), "4000", "agentId");
    refused(await s.call("/api/memory/clear", { token: owner.token, raw: "{" }), "4000");
  });

  it("refuses callers without a token, and GET", async () => {
    for (const path of ["/api/memory/list", "/api/memory/agents", "/api/memory/update", "/api/memory/clear"]) {
      refused(await s.call(path, { body: {} }), "4010");
    }
    refused(await s.call("/api/memory/delete/1", { body: {} }), "4010");
    const { json } = await rawFetch(s, "/api/memory/list", { headers: { authorization: `Bearer ${owner.token}` } });
    expect(json?.code).toBe("4050");
  });

  it("treats another user's memory as not found and leaves it unchanged", async () => {
    const id = await remember(owner, agentA, "note", "用户的备忘：周五交报告");
    refused(await s.call("/api/memory/update", { token: outsider.token, body: { id, content: "改掉" } }), "4040");
    refused(await s.call(`/api/memory/delete/${id}`, { token: outsider.token, body: {} }), "4040");
    expect(ok(await s.call("/api/memory/clear", { token: outsider.token, body: { agentId: agentA } }))).toBe(1);
    const mine = ok(await list(owner.token, { category: "note" }));
    expect(mine.records).toEqual([expect.objectContaining({ id, content: "用户的备忘：周五交报告" })]);
    expect(ok(await list(outsider.token)).total).toBe(0);
  });

  it("deletes one memory, then all with one agent, then all", async () => {
    const before = ok(await list(owner.token, { pageSize: 100 }));
    const victim = before.records.find((m: { content: string }) => m.content.includes("绿茶"))!;
    ok(await s.call(`/api/memory/delete/${victim.id}`, { token: owner.token, body: {} }));
    refused(await s.call(`/api/memory/delete/${victim.id}`, { token: owner.token, body: {} }), "4040");
    const withB = ok(await list(owner.token, { agentId: agentB })).total;
    expect(ok(await s.call("/api/memory/clear", { token: owner.token, body: { agentId: agentB } }))).toBe(withB);
    expect(ok(await list(owner.token, { agentId: agentB })).total).toBe(0);
    const left = ok(await list(owner.token)).total;
    expect(left).toBe(before.total - 1 - withB);
    expect(ok(await s.call("/api/memory/clear", { token: owner.token, method: "POST" }))).toBe(left);
    expect(ok(await list(owner.token)).total).toBe(0);
  });
});
