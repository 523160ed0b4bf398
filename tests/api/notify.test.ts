import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ok, refused } from "../support/agents";
import { count, rows } from "../support/helpers";
import { events, messages } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.adminToken();
});
afterAll(() => s.close());

const send = (body: Record<string, unknown>, token = admin) =>
  s.call("/api/system/user/notify/message/send", { token, body });
const unread = async (token: string) => ok<number>(await s.call("/api/notify/message/unread/count", { token }));

describe("notification messages", () => {
  it("lists the caller's messages newest first with the sender, and pages with lastId", async () => {
    const u = await s.newUser();
    for (const n of [1, 2, 3, 4, 5]) ok(await send({ scope: "Private", userIds: [u.id], content: `消息${n}` }));
    const all = await messages(s, u.token);
    expect(all.map((m) => m.content)).toEqual(["消息5", "消息4", "消息3", "消息2", "消息1"]);
    expect(all[0]).toMatchObject({
      readStatus: "Unread",
      scope: "Private",
      sender: { userName: "admin", userId: expect.any(Number) },
      created: expect.any(String),
    });
    const first = await messages(s, u.token, { size: 2 });
    expect(first.map((m) => m.content)).toEqual(["消息5", "消息4"]);
    const next = await messages(s, u.token, { size: 2, lastId: first.at(-1).id });
    expect(next.map((m) => m.content)).toEqual(["消息3", "消息2"]);
    const last = await messages(s, u.token, { size: 2, lastId: next.at(-1).id });
    expect(last.map((m) => m.content)).toEqual(["消息1"]);
    expect(await messages(s, u.token, { lastId: null })).toHaveLength(5);
  });

  it("counts unread, marks the caller's own ids read, filters by readStatus and clears the rest", async () => {
    const [u, v] = [await s.newUser(), await s.newUser()];
    for (const n of [1, 2, 3]) ok(await send({ scope: "Private", userIds: [u.id, v.id], content: `未读${n}` }));
    expect(await unread(u.token)).toBe(3);
    const [newest, middle] = await messages(s, u.token);
    const theirs = (await messages(s, v.token))[0].id;
    // Someone else's message id is ignored: it stays unread for them.
    ok(await s.call("/api/notify/message/read", { token: u.token, body: [newest.id, theirs] }));
    expect(await unread(u.token)).toBe(2);
    expect(await unread(v.token)).toBe(3);
    expect((await messages(s, u.token, { readStatus: "Read" })).map((m) => m.id)).toEqual([newest.id]);
    expect((await messages(s, u.token, { readStatus: "Unread" })).map((m) => m.content)).toEqual(["未读2", "未读1"]);
    expect(middle.readStatus).toBe("Unread");
    ok(await s.call("/api/notify/message/unread/clear", { method: "POST", token: u.token }));
    expect(await unread(u.token)).toBe(0);
    expect(await messages(s, u.token, { readStatus: "Unread" })).toEqual([]);
    expect(await unread(v.token)).toBe(3);
  });

  it("refuses bad input naming the field, changing nothing", async () => {
    const u = await s.newUser();
    ok(await send({ scope: "Private", userIds: [u.id], content: "别动我" }));
    const list = (body: unknown) => s.call("/api/notify/message/list", { token: u.token, body });
    refused(await list({ size: 0 }), "4000", "size");
    refused(await list({ size: 101 }), "4000", "size");
    refused(await list({ lastId: "abc" }), "4000", "lastId");
    refused(await list({ readStatus: "Maybe" }), "4000", "readStatus");
    const read = (body: unknown) => s.call("/api/notify/message/read", { token: u.token, body });
    refused(await read({ ids: [1] }), "4000");
    refused(await read([]), "4000");
    refused(await read(["x"]), "4000", "0");
    expect(await unread(u.token)).toBe(1);
  });

  it("needs a token on every endpoint (4010)", async () => {
    for (const [path, body] of [
      ["/api/notify/message/list", {}],
      ["/api/notify/message/unread/count", undefined],
      ["/api/notify/message/unread/clear", {}],
      ["/api/notify/message/read", [1]],
      ["/api/notify/event/collect/batch", undefined],
      ["/api/notify/event/clear", {}],
    ] as const) {
      refused(await s.call(path, { body }), "4010");
    }
  });
});

describe("the event queue of each signed-in session", () => {
  it("delivers new_notify_message to every session of the user; clearing one leaves the other", async () => {
    const u = await s.newUser();
    const second = await s.login(u.userName, u.password);
    const other = await s.newUser();
    ok(await send({ scope: "Private", userIds: [u.id], content: "两个会话都要收到" }));
    for (const token of [u.token, second]) {
      const queue = await events(s, token);
      expect(queue.hasEvent).toBe(true);
      expect(queue.eventList).toContainEqual({
        type: "new_notify_message",
        event: expect.objectContaining({ content: "两个会话都要收到", scope: "Private" }),
      });
    }
    expect(await events(s, other.token)).toEqual({ hasEvent: false, eventList: [] });
    // Collecting does not remove; clearing removes only that session's queue.
    expect((await events(s, u.token)).hasEvent).toBe(true);
    ok(await s.call("/api/notify/event/clear", { method: "POST", token: u.token }));
    expect(await events(s, u.token)).toEqual({ hasEvent: false, eventList: [] });
    expect((await events(s, second)).eventList).toHaveLength(1);
  });

  it("clears only what a collect saw when given its version, so later events are not lost", async () => {
    const u = await s.newUser();
    ok(await send({ scope: "Private", userIds: [u.id], content: "第一条" }));
    const seen = await events(s, u.token);
    expect(seen.version).toEqual(expect.any(Number));
    ok(await send({ scope: "Private", userIds: [u.id], content: "处理期间到达" }));
    ok(await s.call(`/api/notify/event/clear?version=${seen.version}`, { method: "POST", token: u.token }));
    const left = await events(s, u.token);
    expect(left.eventList.map((e) => e.event.content)).toEqual(["处理期间到达"]);
    refused(await s.call("/api/notify/event/clear?version=abc", { method: "POST", token: u.token }), "4000", "version");
    expect((await events(s, u.token)).hasEvent).toBe(true);
    ok(await s.call("/api/notify/event/clear", { method: "POST", token: u.token }));
    expect(await events(s, u.token)).toEqual({ hasEvent: false, eventList: [] });
  });

  it("stops queueing for a session that signed out", async () => {
    const u = await s.newUser();
    const second = await s.login(u.userName, u.password);
    ok(await s.call("/api/user/logout", { method: "POST", token: second }));
    ok(await send({ scope: "Private", userIds: [u.id], content: "退出后" }));
    expect(await count(s, "notify_event", sql`user_id = ${u.id}`)).toBe(1);
    expect((await events(s, u.token)).eventList).toHaveLength(1);
  });

  it("stops queueing for a session once it expires, also when the user's sessions were read just before", async () => {
    const u = await s.newUser();
    await s.login(u.userName, u.password);
    // The second session ends a minute from now.
    await s.deps.db.execute(
      sql`update auth_token set expires_at = now() + interval '1 minute' where id = (select max(id) from auth_token where user_id = ${u.id})`,
    );
    const perSession = sql`user_id = ${u.id} group by token_id order by token_id`;
    ok(await send({ scope: "Private", userIds: [u.id], content: "两个会话都在" }));
    const queued = async () =>
      (await rows<{ n: number }>(s, sql`select count(*)::int as n from notify_event where ${perSession}`)).map(
        (r) => r.n,
      );
    expect(await queued()).toEqual([1, 1]);
    // Two minutes later, with no session written meanwhile: the lookup may be answered from the read cache.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 60_000 });
    try {
      ok(await send({ scope: "Private", userIds: [u.id], content: "只剩一个会话" }));
    } finally {
      vi.useRealTimers();
    }
    expect(await queued()).toEqual([2, 1]);
  });
});

describe("POST /api/system/user/notify/message/send", () => {
  it("broadcasts to every user of the tenant", async () => {
    const [u, v] = [await s.newUser(), await s.newUser()];
    const users = await count(s, "user", sql`status <> 'Deleted'`);
    const before = await count(s, "notify_message_user");
    ok(await send({ scope: "Broadcast", content: "系统维护通知" }));
    expect(await count(s, "notify_message_user")).toBe(before + users);
    for (const token of [u.token, v.token, admin]) {
      expect((await messages(s, token))[0]).toMatchObject({ content: "系统维护通知", scope: "Broadcast" });
    }
  });

  it("sends Private messages only to the chosen users", async () => {
    const [u, v] = [await s.newUser(), await s.newUser()];
    ok(await send({ scope: "Private", userIds: [u.id], content: "只给你" }));
    expect((await messages(s, u.token))[0].content).toBe("只给你");
    expect((await messages(s, v.token)).some((m) => m.content === "只给你")).toBe(false);
  });

  it("refuses bad input naming the field and unknown users, sending nothing", async () => {
    const before = await count(s, "notify_message");
    refused(await send({ scope: "Private", content: "缺少用户" }), "4000", "userIds");
    refused(await send({ scope: "Private", userIds: [], content: "缺少用户" }), "4000", "userIds");
    refused(await send({ scope: "Broadcast", content: "  " }), "4000", "content");
    refused(await send({ scope: "Broadcast", content: "长".repeat(2001) }), "4000", "content");
    refused(await send({ scope: "Everyone", content: "x" }), "4000", "scope");
    refused(await send({ scope: "Private", userIds: ["a"], content: "x" }), "4000", "userIds.0");
    refused(await send({ scope: "Private", userIds: [999_999], content: "x" }), "0001");
    expect(await count(s, "notify_message")).toBe(before);
  });
});
