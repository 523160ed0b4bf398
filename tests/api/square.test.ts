import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, components, getAgent, ok, personalSpace, refused, type Team, team } from "../support/agents";
import { configure } from "../support/chat";
import { count } from "../support/helpers";
import { applyAgent, publishToSquare, square, squareTargets } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
/** Published to the square: 写作 ×3 (one allows copying), 编程 ×1; and one Space-only publication. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  const publish = async (key: string, name: string, body: Record<string, unknown>, description = "") => {
    ids[key] = await addAgent(s, t.member.token, t.spaceId, { name });
    if (description) await configure(s, t.member.token, ids[key]!, { description });
    await publishToSquare(s, t.member.token, t.sysAdmin, ids[key]!, body);
  };
  await publish("w1", "广场写作一", { category: "Writing" }, "擅长写诗");
  await publish("w2", "广场写作二", { category: "Writing", allowCopy: 1 });
  await publish("w3", "广场写作三", { category: "Writing" });
  await publish("p1", "广场编程一", { category: "Programming" }, "100%_好用");
  ids.space = await addAgent(s, t.member.token, t.spaceId, { name: "仅空间可见" });
  ok(await applyAgent(s, t.member.token, ids.space, { scope: "Space", category: "Writing" }));
});
afterAll(() => s.close());

describe("POST /api/published/agent/list", () => {
  it("is readable without a token and lists Tenant publications newest first, with publisher and statistics", async () => {
    const page = await square(s, null);
    expect(page.records.map((r: { targetId: number }) => r.targetId)).toEqual([ids.p1, ids.w3, ids.w2, ids.w1]);
    expect(page).toMatchObject({ total: 4, current: 1, size: 100, pages: 1 });
    expect(page.records[0]).toMatchObject({
      targetType: "Agent",
      name: "广场编程一",
      scope: "Tenant",
      category: "Programming",
      publishUser: { userId: t.member.id, userName: t.member.userName },
      statistics: expect.objectContaining({ likeCount: 0, collectCount: 0 }),
      collect: false,
    });
  });

  it("pages", async () => {
    const first = await square(s, null, { page: 1, pageSize: 3 });
    const second = await square(s, null, { page: 2, pageSize: 3 });
    expect(first).toMatchObject({ total: 4, size: 3, current: 1, pages: 2 });
    expect(first.records).toHaveLength(3);
    expect(second.records.map((r: { targetId: number }) => r.targetId)).toEqual([ids.w1]);
  });

  it("filters by category, keyword (name or description, literally) and allowCopy", async () => {
    expect(await squareTargets(s, null, { category: "Writing" })).toEqual([ids.w3, ids.w2, ids.w1]);
    expect(await squareTargets(s, null, { category: "Programming" })).toEqual([ids.p1]);
    expect(await squareTargets(s, null, { category: "Life" })).toEqual([]);
    expect(await squareTargets(s, null, { kw: "写作二" })).toEqual([ids.w2]);
    expect(await squareTargets(s, null, { kw: "写诗" })).toEqual([ids.w1]);
    expect(await squareTargets(s, null, { kw: "100%_" })).toEqual([ids.p1]);
    expect(await squareTargets(s, null, { kw: "%" })).toEqual([ids.p1]);
    expect(await squareTargets(s, null, { allowCopy: 1 })).toEqual([ids.w2]);
  });

  it("marks what the caller collected and counts likes", async () => {
    ok(await s.call(`/api/user/agent/collect/${ids.w1}`, { token: t.outsider.token, body: {} }));
    ok(await s.call(`/api/user/agent/like/${ids.w1}`, { token: t.outsider.token, body: {} }));
    const mine = (await square(s, t.outsider.token)).records.find((r: { targetId: number }) => r.targetId === ids.w1);
    expect(mine).toMatchObject({ collect: true, liked: true });
    expect(mine.statistics).toMatchObject({ collectCount: 1, likeCount: 1 });
    const theirs = (await square(s, t.other.token)).records.find((r: { targetId: number }) => r.targetId === ids.w1);
    expect(theirs).toMatchObject({ collect: false, liked: false });
    const anonymous = (await square(s, null)).records.find((r: { targetId: number }) => r.targetId === ids.w1);
    expect(anonymous.collect).toBe(false);
  });

  it("adds a space's own publications for its members only", async () => {
    expect(await squareTargets(s, null)).not.toContain(ids.space);
    expect(await squareTargets(s, t.other.token)).not.toContain(ids.space);
    expect(await squareTargets(s, t.other.token, { spaceId: t.spaceId, category: "Writing" })).toEqual([
      ids.space,
      ids.w3,
      ids.w2,
      ids.w1,
    ]);
    const outsider = await s.call("/api/published/agent/list", {
      token: t.outsider.token,
      body: { spaceId: t.spaceId },
    });
    expect(outsider.code).toMatch(/^40[34]0$/);
  });

  it("leaves template-only publications out unless templates are asked for", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "仅模板" });
    const applied = await s.call("/api/publish/apply", {
      token: t.member.token,
      body: {
        targetType: "Agent",
        targetId: agentId,
        category: "Writing",
        items: [{ scope: "Tenant", allowCopy: 1, onlyTemplate: 1 }],
      },
    });
    ok(applied);
    const [pending] = ok(
      await s.call("/api/system/publish/apply/list", {
        token: t.sysAdmin,
        body: { queryFilter: { publishStatus: "Applying", kw: "仅模板" } },
      }),
    ).records;
    ok(await s.call(`/api/system/publish/${pending.id}`, { token: t.sysAdmin, body: {} }));
    expect(await squareTargets(s, null)).not.toContain(agentId);
    expect(await squareTargets(s, null, { onlyTemplate: 1 })).toEqual([agentId]);
    const target = await personalSpace(s, t.other.token);
    ok(
      await s.call("/api/publish/template/copy", {
        token: t.other.token,
        body: { targetId: agentId, targetSpaceId: target },
      }),
    );
  });

  it("refuses bad paging and filters naming the field", async () => {
    const list = (body: unknown) => s.call("/api/published/agent/list", { body });
    refused(await list({ page: 0 }), "4000", "page");
    refused(await list({ pageSize: 101 }), "4000", "pageSize");
    refused(await list({ allowCopy: 3 }), "4000", "allowCopy");
    refused(await list({ kw: "长".repeat(65) }), "4000", "kw");
    refused(await list({ spaceId: "abc" }), "4000", "spaceId");
    refused(await list({ onlyTemplate: "yes" }), "4000", "onlyTemplate");
  });
});

describe("GET /api/published/category/list", () => {
  it("lists the categories with Chinese labels, without a token", async () => {
    const tree = ok<any[]>(await s.call("/api/published/category/list"));
    const agent = tree.find((branch) => branch.type === "Agent");
    expect(agent.children).toContainEqual({ key: "Writing", label: "写作创作" });
    expect(agent.children.length).toBeGreaterThanOrEqual(5);
  });
});

describe("POST /api/publish/template/copy", () => {
  const copy = (token: string, body: Record<string, unknown>) =>
    s.call<number>("/api/publish/template/copy", { token, body: { targetType: "Agent", ...body } });

  it("copies an agent that allows copying into the caller's space, from the published snapshot", async () => {
    await configure(s, t.member.token, ids.w2!, { systemPrompt: "发布之后才写的草稿" });
    const target = await personalSpace(s, t.outsider.token);
    const copyId = ok(await copy(t.outsider.token, { targetId: ids.w2, targetSpaceId: target }));
    const agent = await getAgent(s, t.outsider.token, copyId);
    expect(agent).toMatchObject({
      spaceId: target,
      creatorId: t.outsider.id,
      name: "广场写作二副本",
      publishStatus: "Developing",
    });
    expect(agent.systemPrompt).not.toBe("发布之后才写的草稿");
    expect((await components(s, t.outsider.token, copyId)).map((c) => c.type).sort()).toEqual(["Model", "Variable"]);
    const history = ok<any[]>(await s.call(`/api/agent/config/history/list/${copyId}`, { token: t.outsider.token }));
    expect(history.map((h) => h.type)).toEqual(["Add"]);
  });

  it("copies from the publication that allows copying, never from one that does not", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "两种发布" });
    await configure(s, t.member.token, agentId, { systemPrompt: "空间版可复制" });
    ok(await applyAgent(s, t.member.token, agentId, { scope: "Space", allowCopy: 1 }));
    await configure(s, t.member.token, agentId, { systemPrompt: "广场版不可复制" });
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId, { allowCopy: 0 });
    const mine = await personalSpace(s, t.other.token);
    const copyId = ok(await copy(t.other.token, { targetId: agentId, targetSpaceId: mine }));
    expect((await getAgent(s, t.other.token, copyId)).systemPrompt).toBe("空间版可复制");
    // Outside the space only the square publication is visible, and it does not allow copying.
    const outsiderSpace = await personalSpace(s, t.outsider.token);
    refused(await copy(t.outsider.token, { targetId: agentId, targetSpaceId: outsiderSpace }), "4030");
  });

  it("refuses agents that do not allow copying, spaces the caller is not in, unpublished agents and bad input", async () => {
    const agents = () => count(s, "agent");
    const before = await agents();
    const mine = await personalSpace(s, t.outsider.token);
    const theirs = await personalSpace(s, t.member.token);
    refused(await copy(t.outsider.token, { targetId: ids.w1, targetSpaceId: mine }), "4030");
    expect((await copy(t.outsider.token, { targetId: ids.w2, targetSpaceId: theirs })).code).toMatch(/^40[34]0$/);
    refused(await copy(t.outsider.token, { targetId: 999_999, targetSpaceId: mine }), "4040");
    // A Space publication is not the caller's to copy when they are outside that space.
    refused(await copy(t.outsider.token, { targetId: ids.space, targetSpaceId: mine }), "4040");
    refused(await copy(t.outsider.token, { targetId: ids.w2 }), "4000", "targetSpaceId");
    refused(await copy(t.outsider.token, { targetId: "x", targetSpaceId: mine }), "4000", "targetId");
    refused(
      await copy(t.outsider.token, { targetType: "Knowledge", targetId: ids.w2, targetSpaceId: mine }),
      "4000",
      "targetType",
    );
    refused(await copy("", { targetId: ids.w2, targetSpaceId: mine }), "4010");
    expect(await agents()).toBe(before);
  });
});
