import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultIcon } from "#contract/icons";
import { addAgent, getAgent, markPublished, ok, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const post = (path: string, token?: string) => s.call(path, { token, body: {} });
const stats = async (id: number) => (await getAgent(s, t.owner.token, id)).agentStatistics;

describe("collect / like", () => {
  it("moves collectCount and likeCount exactly once per user, however often or concurrently it is called", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    await Promise.all(Array.from({ length: 5 }, () => post(`/api/user/agent/collect/${id}`, t.member.token)));
    ok(await post(`/api/user/agent/collect/${id}`, t.member.token));
    ok(await post(`/api/user/agent/collect/${id}`, t.other.token));
    ok(await post(`/api/user/agent/like/${id}`, t.other.token));
    ok(await post(`/api/user/agent/like/${id}`, t.other.token));
    expect(await stats(id)).toMatchObject({ collectCount: 2, likeCount: 1 });
    expect(await getAgent(s, t.member.token, id)).toMatchObject({ collected: true, liked: false });
    expect(await getAgent(s, t.other.token, id)).toMatchObject({ collected: true, liked: true });

    ok(await post(`/api/user/agent/unCollect/${id}`, t.member.token));
    ok(await post(`/api/user/agent/unCollect/${id}`, t.member.token));
    ok(await post(`/api/user/agent/unLike/${id}`, t.member.token)); // never liked: nothing moves
    expect(await stats(id)).toMatchObject({ collectCount: 1, likeCount: 1 });
    expect((await getAgent(s, t.member.token, id)).collected).toBe(false);
    ok(await post(`/api/user/agent/unLike/${id}`, t.other.token));
    expect(await stats(id)).toMatchObject({ collectCount: 1, likeCount: 0 });
  });

  it("lets anyone in the tenant favourite a published agent, but outsiders cannot touch a draft", async () => {
    const draft = await addAgent(s, t.member.token, t.spaceId);
    for (const action of ["collect", "like", "unCollect", "unLike", "dev/collect", "dev/unCollect"]) {
      refused(await post(`/api/user/agent/${action}/${draft}`, t.outsider.token), "4040");
      refused(await post(`/api/user/agent/${action}/${draft}`), "4010");
      refused(await post(`/api/user/agent/${action}/abc`, t.member.token), "4000", "id");
      refused(await post(`/api/user/agent/${action}/999999`, t.member.token), "4040");
    }
    expect(await count(s, "user_agent_relation", sql`agent_id = ${draft} and type <> 'Edit'`)).toBe(0);
    expect(await stats(draft)).toMatchObject({ collectCount: 0, likeCount: 0 });

    const published = await addAgent(s, t.member.token, t.spaceId);
    await markPublished(s, t.sysAdmin, published);
    ok(await post(`/api/user/agent/collect/${published}`, t.outsider.token));
    ok(await post(`/api/user/agent/like/${published}`, t.outsider.token));
    expect(await stats(published)).toMatchObject({ collectCount: 1, likeCount: 1 });
    // Starring in the workspace stays a member's thing.
    refused(await post(`/api/user/agent/dev/collect/${published}`, t.outsider.token), "4040");
  });
});

describe("dev collect (workspace star)", () => {
  it("stars idempotently without touching the public counts, and lists stars newest first", async () => {
    const a = await addAgent(s, t.member.token, t.spaceId, { name: "星标甲" });
    const b = await addAgent(s, t.member.token, t.spaceId, { name: "星标乙" });
    const star = (id: number) => post(`/api/user/agent/dev/collect/${id}`, t.other.token);
    ok(await star(a));
    ok(await star(a));
    ok(await star(b));
    expect(await getAgent(s, t.other.token, a)).toMatchObject({ devCollected: true, collected: false });
    expect(await stats(a)).toMatchObject({ collectCount: 0 });
    const listed = ok<any[]>(await s.call("/api/user/agent/dev/collect/list/1/8", { token: t.other.token }));
    expect(listed.map((x) => x.agentId)).toEqual([b, a]);
    expect(listed[0]).toMatchObject({ id: b, userId: t.other.id, spaceId: t.spaceId, name: "星标乙" });
    expect(
      ok<any[]>(await s.call("/api/user/agent/dev/collect/list/2/1", { token: t.other.token })).map((x) => x.agentId),
    ).toEqual([a]);
    ok(await post(`/api/user/agent/dev/unCollect/${b}`, t.other.token));
    ok(await post(`/api/user/agent/dev/unCollect/${b}`, t.other.token));
    expect(
      ok<any[]>(await s.call("/api/user/agent/dev/collect/list/1/8", { token: t.other.token })).map((x) => x.agentId),
    ).toEqual([a]);
    expect((await getAgent(s, t.other.token, b)).devCollected).toBe(false);
  });
});

describe("the user's lists", () => {
  it("edit/list and used/list show the caller's own recent agents, newest first, up to size", async () => {
    const u = await s.newUser();
    const mySpace = ok<any[]>(await s.call("/api/space/list", { token: u.token }))[0].id;
    const a = await addAgent(s, u.token, mySpace, { name: "甲" });
    const b = await addAgent(s, u.token, mySpace, { name: "乙" });
    ok(await s.call("/api/agent/config/update", { token: u.token, body: { id: a, userPrompt: "改" } }));
    const edits = ok<any[]>(await s.call("/api/user/agent/edit/list/8", { token: u.token }));
    expect(edits.map((x) => x.agentId)).toEqual([a, b]);
    expect(edits[0]).toMatchObject({
      id: a,
      agentId: a,
      userId: u.id,
      spaceId: mySpace,
      name: "甲",
      icon: defaultIcon("Agent"),
      description: "",
    });
    expect(Date.parse(edits[0].modified)).toBeGreaterThan(0);
    expect(ok<any[]>(await s.call("/api/user/agent/edit/list/1", { token: u.token })).map((x) => x.agentId)).toEqual([
      a,
    ]);
    // Somebody else's edits are not mine.
    expect(
      ok<any[]>(await s.call("/api/user/agent/edit/list/8", { token: t.outsider.token })).map((x) => x.agentId),
    ).not.toContain(a);

    expect(ok(await s.call("/api/user/agent/used/list/8", { token: u.token }))).toEqual([]);
    // Opening a conversation records the use; a debug conversation in the editor does not.
    ok(await s.call("/api/agent/conversation/create", { token: u.token, body: { agentId: a, devMode: true } }));
    expect(ok(await s.call("/api/user/agent/used/list/8", { token: u.token }))).toEqual([]);
    ok(await s.call("/api/agent/conversation/create", { token: u.token, body: { agentId: b } }));
    const used = ok<any[]>(await s.call("/api/user/agent/used/list/8", { token: u.token }));
    expect(used).toMatchObject([{ agentId: b, name: "乙" }]);
    const home = ok(await s.call("/api/home/list", { token: u.token }));
    expect(home.categoryItems.Recently_Used.map((x: any) => x.targetId)).toEqual([b]);
  });

  it("collect/list pages the favourites as {records, total, size, current, pages}", async () => {
    const u = await s.newUser();
    const ids: number[] = [];
    for (const name of ["一", "二", "三"]) {
      const id = await addAgent(s, t.member.token, t.spaceId, { name });
      await markPublished(s, t.sysAdmin, id);
      ok(await post(`/api/user/agent/collect/${id}`, u.token));
      ids.push(id);
    }
    const first = ok(await s.call("/api/user/agent/collect/list/1/2", { token: u.token }));
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records.map((x: any) => x.agentId)).toEqual([ids[2], ids[1]]);
    const second = ok(await s.call("/api/user/agent/collect/list/2/2", { token: u.token }));
    expect(second.records.map((x: any) => x.agentId)).toEqual([ids[0]]);
  });

  it("drops agents the caller can no longer see, from the records and from the total", async () => {
    const u = await s.newUser();
    ok(await s.call("/api/space/user/add", { token: t.owner.token, body: [{ spaceId: t.spaceId, userId: u.id }] }));
    const id = await addAgent(s, u.token, t.spaceId, { name: "离开后不可见" });
    ok(await post(`/api/user/agent/collect/${id}`, u.token));
    ok(await post(`/api/user/agent/dev/collect/${id}`, u.token));
    ok(await s.call("/api/space/user/delete", { token: t.owner.token, body: { spaceId: t.spaceId, userId: u.id } }));
    expect(ok(await s.call("/api/user/agent/collect/list/1/10", { token: u.token }))).toMatchObject({
      records: [],
      total: 0,
      pages: 0,
    });
    expect(ok(await s.call("/api/user/agent/edit/list/10", { token: u.token }))).toEqual([]);
    expect(ok(await s.call("/api/user/agent/dev/collect/list/1/10", { token: u.token }))).toEqual([]);
    const home = ok(await s.call("/api/home/list", { token: u.token }));
    expect(JSON.stringify(home.categoryItems)).not.toContain("离开后不可见");
  });

  it("after leaving the space keeps what is published to the square, not what is published to the space", async () => {
    const u = await s.newUser();
    ok(await s.call("/api/space/user/add", { token: t.owner.token, body: [{ spaceId: t.spaceId, userId: u.id }] }));
    const square = await addAgent(s, t.member.token, t.spaceId, { name: "广场发布" });
    await markPublished(s, t.sysAdmin, square);
    const spaceOnly = await addAgent(s, t.member.token, t.spaceId, { name: "仅空间发布" });
    ok(await s.call(`/api/agent/publish/apply/${spaceOnly}`, { token: t.member.token, body: { scope: "Space" } }));
    expect((await getAgent(s, t.member.token, spaceOnly)).publishStatus).toBe("Published");
    for (const id of [square, spaceOnly]) ok(await post(`/api/user/agent/collect/${id}`, u.token));
    ok(await s.call("/api/space/user/delete", { token: t.owner.token, body: { spaceId: t.spaceId, userId: u.id } }));
    const page = ok(await s.call("/api/user/agent/collect/list/1/10", { token: u.token }));
    expect(page).toMatchObject({ total: 1, records: [{ agentId: square }] });
    const home = ok(await s.call("/api/home/list", { token: u.token }));
    expect(home.categoryItems.Collected.map((x: any) => x.targetId)).toEqual([square]);
    refused(await s.call(`/api/published/agent/${spaceOnly}`, { token: u.token }), "4040");
  });

  it("refuses sizes and pages outside 1..100 with 4000, and anonymous callers with 4010", async () => {
    const token = t.member.token;
    refused(await s.call("/api/user/agent/used/list/0", { token }), "4000", "size");
    refused(await s.call("/api/user/agent/used/list/101", { token }), "4000", "size");
    refused(await s.call("/api/user/agent/edit/list/abc", { token }), "4000", "size");
    refused(await s.call("/api/user/agent/edit/list/100000", { token }), "4000", "size");
    refused(await s.call("/api/user/agent/dev/collect/list/0/8", { token }), "4000", "page");
    refused(await s.call("/api/user/agent/dev/collect/list/1/500", { token }), "4000", "size");
    refused(await s.call("/api/user/agent/collect/list/x/8", { token }), "4000", "page");
    refused(await s.call("/api/user/agent/collect/list/1/101", { token }), "4000", "size");
    for (const path of ["used/list/8", "edit/list/8", "dev/collect/list/1/8", "collect/list/1/8"]) {
      refused(await s.call(`/api/user/agent/${path}`), "4010");
    }
    refused(await s.call("/api/home/list"), "4010");
  });
});

describe("GET /api/home/list", () => {
  it("returns {categories, categoryItems} with the caller's recent, favourite and starred agents", async () => {
    const u = await s.newUser();
    ok(await s.call("/api/space/user/add", { token: t.owner.token, body: [{ spaceId: t.spaceId, userId: u.id }] }));
    const edited = await addAgent(s, u.token, t.spaceId, { name: "我编辑的" });
    const fav = await addAgent(s, t.member.token, t.spaceId, { name: "我收藏的" });
    ok(await post(`/api/user/agent/collect/${fav}`, u.token));
    ok(await post(`/api/user/agent/dev/collect/${fav}`, u.token));
    const home = ok(await s.call("/api/home/list", { token: u.token }));
    const types = home.categories.map((c: any) => c.type);
    expect(types).toEqual(expect.arrayContaining(["Recently_Used", "Recently_Edited", "Collected"]));
    for (const c of home.categories) expect(c.name).toMatch(/[\u4e00-\u9fa5]/);
    expect(home.categoryItems.Recently_Used).toEqual([]);
    expect(home.categoryItems.Recently_Edited.map((x: any) => x.targetId)).toEqual([edited]);
    expect(home.categoryItems.Collected).toMatchObject([
      {
        targetType: "Agent",
        targetId: fav,
        name: "我收藏的",
        collect: true,
        statistics: { collectCount: 1 },
        publishUser: { userId: t.member.id },
      },
    ]);
    expect(home.categoryItems.Dev_Collected.map((x: any) => x.targetId)).toEqual([fav]);
  });
});
