import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, markPublished, ok, refused, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let ids: { memberA: number; memberB: number; ownerC: number };
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  // Created in this order, so "newest modified first" is C, B, A.
  ids = {
    memberA: await addAgent(s, t.member.token, t.spaceId, { name: "翻译官 Alpha", description: "中英互译" }),
    memberB: await addAgent(s, t.member.token, t.spaceId, { name: "周报助手", description: "写 WEEKLY 报告" }),
    ownerC: await addAgent(s, t.owner.token, t.spaceId, { name: "100%满意", description: "客服" }),
  };
  await markPublished(s, t.sysAdmin, ids.memberB);
});
afterAll(() => s.close());

const list = async (token: string, query = "") =>
  ok<any[]>(await s.call(`/api/agent/list/${t.spaceId}${query}`, { token })).map((a) => a.id);

describe("GET /api/agent/list/{spaceId}", () => {
  it("lists the space's agents, most recently modified first, with card fields and the caller's permissions", async () => {
    expect(await list(t.other.token)).toEqual([ids.ownerC, ids.memberB, ids.memberA]);
    const rows = ok<any[]>(
      await s.call(`/api/agent/list/${t.spaceId}?status=All&creator=All_Person`, { token: t.other.token }),
    );
    const b = rows.find((a) => a.id === ids.memberB);
    expect(b).toMatchObject({
      name: "周报助手",
      publishStatus: "Published",
      creator: { userId: t.member.id },
      agentStatistics: { collectCount: 0, likeCount: 0 },
      devCollected: false,
    });
    expect(b.permissions).toContain("Copy");
    expect(b.permissions).not.toContain("Delete");
    // Editing an agent moves it to the front.
    ok(await s.call("/api/agent/config/update", { token: t.member.token, body: { id: ids.memberA, userPrompt: "x" } }));
    expect((await list(t.other.token))[0]).toBe(ids.memberA);
  });

  it("filters by status, creator and keyword (case-insensitive, name or description, wildcards literal)", async () => {
    expect(await list(t.other.token, "?status=Published")).toEqual([ids.memberB]);
    expect((await list(t.member.token, "?creator=Me")).sort()).toEqual([ids.memberA, ids.memberB].sort());
    expect(await list(t.other.token, "?creator=Me")).toEqual([]);
    expect(await list(t.other.token, "?kw=alpha")).toEqual([ids.memberA]);
    expect(await list(t.other.token, "?kw=weekly")).toEqual([ids.memberB]);
    expect(await list(t.other.token, `?kw=${encodeURIComponent("%")}`)).toEqual([ids.ownerC]);
    expect(await list(t.other.token, "?kw=_")).toEqual([]);
    expect(await list(t.member.token, `?creator=Me&kw=${encodeURIComponent("周报")}`)).toEqual([ids.memberB]);
  });

  it("Recently_Open lists what the caller edited, latest first", async () => {
    expect(await list(t.other.token, "?status=Recently_Open")).toEqual([]);
    ok(await s.call("/api/agent/config/update", { token: t.other.token, body: { id: ids.ownerC, userPrompt: "a" } }));
    ok(await s.call("/api/agent/config/update", { token: t.other.token, body: { id: ids.memberA, userPrompt: "b" } }));
    expect(await list(t.other.token, "?status=Recently_Open")).toEqual([ids.memberA, ids.ownerC]);
    // The owner created C: creating counts as an edit.
    expect(await list(t.owner.token, "?status=Recently_Open")).toEqual([ids.ownerC]);
  });

  it("refuses bad filters (4000 naming them), anonymous callers (4010) and outsiders (4040)", async () => {
    refused(await s.call(`/api/agent/list/${t.spaceId}?status=Draft`, { token: t.member.token }), "4000", "status");
    refused(await s.call(`/api/agent/list/${t.spaceId}?creator=You`, { token: t.member.token }), "4000", "creator");
    refused(await s.call(`/api/agent/list/${t.spaceId}?kw=${"k".repeat(65)}`, { token: t.member.token }), "4000", "kw");
    refused(await s.call("/api/agent/list/abc", { token: t.member.token }), "4000", "spaceId");
    refused(await s.call(`/api/agent/list/${t.spaceId}`), "4010");
    const res = await s.call(`/api/agent/list/${t.spaceId}`, { token: t.outsider.token });
    refused(res, "4040");
    expect(JSON.stringify(res)).not.toContain("周报助手");
  });
});

describe("POST /api/agent/page", () => {
  it("pages with {records, total, size, current, pages} and the same filters", async () => {
    const page = (body: Record<string, unknown>) => s.call("/api/agent/page", { token: t.other.token, body });
    const first = ok(await page({ spaceId: t.spaceId, current: 1, pageSize: 2 }));
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records).toHaveLength(2);
    const second = ok(await page({ spaceId: t.spaceId, current: 2, pageSize: 2 }));
    expect(second).toMatchObject({ total: 3, current: 2, pages: 2 });
    expect(second.records).toHaveLength(1);
    const seen = [...first.records, ...second.records].map((a: any) => a.id).sort();
    expect(seen).toEqual(Object.values(ids).sort());
    expect(ok(await page({ spaceId: t.spaceId, current: 3, pageSize: 2 })).records).toEqual([]);
    const published = ok(await page({ spaceId: t.spaceId, status: "Published" }));
    expect(published).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    expect(published.records.map((a: any) => a.id)).toEqual([ids.memberB]);
    const mine = ok(
      await s.call("/api/agent/page", { token: t.owner.token, body: { spaceId: t.spaceId, creator: "Me" } }),
    );
    expect(mine.records.map((a: any) => a.id)).toEqual([ids.ownerC]);
    expect(ok(await page({ spaceId: t.spaceId, kw: "没有这个" }))).toMatchObject({ total: 0, pages: 0, records: [] });
  });

  it("refuses bad paging (4000 naming the field), anonymous callers and outsiders", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, "spaceId"],
      [{ spaceId: t.spaceId, current: 0 }, "current"],
      [{ spaceId: t.spaceId, pageSize: 0 }, "pageSize"],
      [{ spaceId: t.spaceId, pageSize: 101 }, "pageSize"],
      [{ spaceId: t.spaceId, status: "Nope" }, "status"],
    ];
    for (const [body, field] of cases)
      refused(await s.call("/api/agent/page", { token: t.member.token, body }), "4000", field);
    refused(await s.call("/api/agent/page", { body: { spaceId: t.spaceId } }), "4010");
    refused(await s.call("/api/agent/page", { token: t.outsider.token, body: { spaceId: t.spaceId } }), "4040");
  });
});
