import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let agentId: number;
beforeAll(async () => {
  // TRUST_PROXY lets a test speak from several addresses (the proxy's X-Forwarded-For entry).
  s = await startServer({ TRUST_PROXY: "1" });
  t = await team(s);
  agentId = await addAgent(s, t.owner.token, t.spaceId, { name: "对外助手" });
});
afterAll(() => s.close());

const createLink = (token: string, body: object = { requireLogin: 0 }) =>
  s.call(`/api/temp/chat/${agentId}/link/create`, { token, body });
const list = (token: string) => s.call(`/api/temp/chat/${agentId}/link/list`, { token });
const update = (token: string, id: number, body: object) =>
  s.call("/api/temp/chat/link/update", { token, body: { id, ...body } });
const remove = (token: string, id: number) =>
  s.call(`/api/temp/chat/${agentId}/link/${id}/delete`, { token, body: {} });
const linkRow = async (id: number) =>
  (await rows<Record<string, any>>(s, sql`select * from temp_chat_link where id = ${id}`))[0];
const open = (chatKey: string, ip = "198.51.100.1", path = "conversation/create", extra: object = {}) =>
  s.call(`/api/temp/chat/${path}`, { body: { chatKey, ...extra }, headers: { "x-forwarded-for": ip } });

describe("managing temporary chat links", () => {
  it("a plain member lists only their own links, never a colleague's chat key", async () => {
    const mine = ok(await createLink(t.member.token));
    const theirs = ok(await createLink(t.other.token));
    const memberSees = ok<any[]>(await list(t.member.token));
    expect(memberSees.map((l) => l.id)).toEqual([mine.id]);
    expect(JSON.stringify(memberSees)).not.toContain(theirs.chatKey);
    expect(ok<any[]>(await list(t.other.token)).map((l) => l.id)).toEqual([theirs.id]);
    // Space managers and the system admin oversee all of them.
    for (const token of [t.owner.token, t.admin.token, t.sysAdmin]) {
      const ids = ok<any[]>(await list(token)).map((l) => l.id);
      expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    }
  });

  it("a plain member cannot change or delete someone else's link (4030, unchanged)", async () => {
    const theirs = ok(await createLink(t.other.token, { requireLogin: 1 }));
    refused(await update(t.member.token, theirs.id, { requireLogin: 0 }), "4030");
    refused(await remove(t.member.token, theirs.id), "4030");
    expect(await linkRow(theirs.id)).toMatchObject({ require_login: 1 });
    // Its creator and a space Admin may.
    ok(await update(t.other.token, theirs.id, { requireLogin: 0 }));
    ok(await update(t.admin.token, theirs.id, { requireLogin: 1 }));
    expect(await linkRow(theirs.id)).toMatchObject({ require_login: 1 });
    ok(await remove(t.admin.token, theirs.id));
    expect(await linkRow(theirs.id)).toBeUndefined();
  });
});

describe("a link whose creator is gone", () => {
  it("stops working when its creator leaves the space", async () => {
    const leaver = await s.newUser();
    ok(
      await s.call("/api/space/user/add", {
        token: t.owner.token,
        body: [{ spaceId: t.spaceId, userId: leaver.id, role: "User" }],
      }),
    );
    const link = ok(await createLink(leaver.token));
    ok(await open(link.chatKey, "198.51.100.20"));
    ok(
      await s.call("/api/space/user/delete", { token: t.owner.token, body: { spaceId: t.spaceId, userId: leaver.id } }),
    );
    const conversations = await count(s, "conversation");
    const refusedAnon = await open(link.chatKey, "198.51.100.20");
    refused(refusedAnon, "0001");
    expect(refusedAnon.message).toContain("失效");
    // A signed-in visitor cannot use it either.
    refused(
      await s.call("/api/temp/chat/conversation/create", { token: t.member.token, body: { chatKey: link.chatKey } }),
      "0001",
    );
    expect(await count(s, "conversation")).toBe(conversations);
  });

  it("stops working when its creator is disabled", async () => {
    const link = ok(await createLink(t.admin.token, { requireLogin: 0 }));
    ok(await open(link.chatKey, "198.51.100.21"));
    ok(await s.call(`/api/system/user/disable/${t.admin.id}`, { token: t.sysAdmin, body: {} }));
    try {
      refused(await open(link.chatKey, "198.51.100.21"), "0001");
    } finally {
      ok(await s.call(`/api/system/user/enable/${t.admin.id}`, { token: t.sysAdmin, body: {} }));
    }
  });
});

describe("anonymous conversations", () => {
  it("are rate limited per link and address, by create and by query without a uid (4290)", async () => {
    const link = ok(await createLink(t.owner.token));
    const other = ok(await createLink(t.owner.token));
    for (let i = 0; i < 10; i++) {
      ok(await open(link.chatKey, "203.0.113.5", i % 2 ? "conversation/create" : "conversation/query"));
    }
    const before = await count(s, "conversation");
    refused(await open(link.chatKey, "203.0.113.5"), "4290");
    refused(await open(link.chatKey, "203.0.113.5", "conversation/query"), "4290");
    expect(await count(s, "conversation")).toBe(before);
    // Another address, or another link, has its own budget; an existing conversation still opens.
    const fresh = ok(await open(link.chatKey, "203.0.113.6"));
    ok(await open(other.chatKey, "203.0.113.5"));
    ok(await open(link.chatKey, "203.0.113.6", "conversation/query", { conversationUid: fresh.uid }));
  });
});
