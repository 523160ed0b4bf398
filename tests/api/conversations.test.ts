import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { CHAT_PATH, chat, configure, messageRows, newConversation, openChat, runRow } from "../support/chat";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";

let s: TestServer;
let t: Team;
let agentId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId);
});
afterAll(() => s.close());

const conversationRow = async (id: number) =>
  (await rows<Record<string, any>>(s, sql`select * from conversation where id = ${id}`))[0];

describe("POST /api/agent/conversation/create", () => {
  it("needs the agent to be visible to the caller; space members may open dev conversations on the draft", async () => {
    const before = await count(s, "conversation");
    refused(await s.call("/api/agent/conversation/create", { token: t.outsider.token, body: { agentId } }), "4040");
    refused(
      await s.call("/api/agent/conversation/create", { token: t.outsider.token, body: { agentId, devMode: true } }),
      "4040",
    );
    refused(
      await s.call("/api/agent/conversation/create", { token: t.member.token, body: { agentId: "x" } }),
      "4000",
      "agentId",
    );
    refused(await s.call("/api/agent/conversation/create", { body: { agentId } }), "4010");
    expect(await count(s, "conversation")).toBe(before);

    const mine = await newConversation(s, t.other.token, agentId, { devMode: true, variables: { city: "上海" } });
    expect(mine).toMatchObject({ agentId, userId: t.other.id, devMode: true, variables: { city: "上海" }, topic: "" });
    expect(mine.uid).toMatch(/^[a-f0-9]{32}$/);
    expect(mine.agent).toMatchObject({ name: "客服助手" });
  });
});

describe("POST /api/agent/conversation/{id}", () => {
  it("opens an empty conversation with the agent's opening message, which gives way to real messages", async () => {
    const greeter = await addAgent(s, t.member.token, t.spaceId, { name: "迎宾" });
    await configure(s, t.member.token, greeter, { openingChatMsg: "欢迎光临，有什么可以帮你？" });
    const conv = await newConversation(s, t.member.token, greeter);
    expect(conv.messageList).toEqual([
      expect.objectContaining({ role: "ASSISTANT", type: "CHAT", text: "欢迎光临，有什么可以帮你？", finished: true }),
    ]);
    await chat(s, t.member.token, conv.id, "你好");
    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.messageList.map((m: any) => m.role)).toEqual(["USER", "ASSISTANT"]);
    expect(view.agent.openingChatMsg).toBe("欢迎光临，有什么可以帮你？");
  });
});

describe("list, rename, page and delete", () => {
  it("lists only the caller's conversations that have messages, newest first, with an id cursor", async () => {
    const other = await addAgent(s, t.member.token, t.spaceId, { name: "另一个" });
    const empty = await newConversation(s, t.other.token, agentId);
    const c1 = await newConversation(s, t.other.token, agentId);
    const c2 = await newConversation(s, t.other.token, other);
    const c3 = await newConversation(s, t.other.token, agentId);
    for (const c of [c1, c2, c3]) await chat(s, t.other.token, c.id, "问题");
    await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "别人的");

    const list = (body: object) =>
      s.call<any[]>("/api/agent/conversation/list", { token: t.other.token, body }).then((r) => ok(r).map((c) => c.id));
    expect(await list({ agentId: null })).toEqual([c3.id, c2.id, c1.id]);
    expect(await list({ agentId })).toEqual([c3.id, c1.id]);
    expect(await list({ agentId: null, limit: 2 })).toEqual([c3.id, c2.id]);
    expect(await list({ agentId: null, lastId: c2.id })).toEqual([c1.id]);
    expect(await list({})).not.toContain(empty.id);
    refused(
      await s.call("/api/agent/conversation/list", { token: t.other.token, body: { limit: 0 } }),
      "4000",
      "limit",
    );
  });

  it("renames with a topic, or titles from the first message (first line, at most 50 characters)", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    const update = (body: object, token = t.member.token) =>
      s.call("/api/agent/conversation/update", { token, body: { id: conv.id, ...body } });

    refused(await update({}), "0001"); // nothing to title yet
    expect(ok(await update({ topic: "我的会话" }))).toMatchObject({ topic: "我的会话", topicUpdated: 1 });
    refused(await update({ topic: "长".repeat(51) }), "4000", "topic");

    const titled = ok(await update({ firstMessage: "帮我写一份周报\n内容包括本周进展和下周计划" }));
    expect(titled.topic).toBe("帮我写一份周报");
    const long = ok(await update({ firstMessage: "请".repeat(300) }));
    expect(Array.from(long.topic as string).length).toBeGreaterThan(0);
    expect(Array.from(long.topic as string).length).toBeLessThanOrEqual(50);

    await chat(s, t.member.token, conv.id, "今天天气怎么样");
    expect(ok(await update({})).topic).toBe("今天天气怎么样");
    expect(await conversationRow(conv.id)).toMatchObject({ topic: "今天天气怎么样", topic_updated: 1 });
  });

  it("pages messages backwards from an index", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    for (const q of ["一", "二", "三"]) await chat(s, t.member.token, conv.id, q);
    const page = (body: object) =>
      s
        .call<any[]>("/api/agent/conversation/message/list", {
          token: t.member.token,
          body: { conversationId: conv.id, ...body },
        })
        .then(ok);
    const all = await page({});
    expect(all.map((m) => m.role)).toEqual(["USER", "ASSISTANT", "USER", "ASSISTANT", "USER", "ASSISTANT"]);
    expect(all.filter((m) => m.role === "USER").map((m) => m.text)).toEqual(["一", "二", "三"]);
    const newest = await page({ size: 2 });
    expect(newest.map((m) => m.id)).toEqual(all.slice(4).map((m) => m.id));
    const older = await page({ size: 2, index: newest[0].id });
    expect(older.map((m) => m.id)).toEqual(all.slice(2, 4).map((m) => m.id));
    expect(await page({ index: all[0].id })).toEqual([]);
    refused(
      await s.call("/api/agent/conversation/message/list", {
        token: t.member.token,
        body: { conversationId: conv.id, size: 1000 },
      }),
      "4000",
      "size",
    );
  });

  it("deletes a conversation with its messages", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    await chat(s, t.member.token, conv.id, "删除前");
    ok(await s.call(`/api/agent/conversation/delete/${conv.id}`, { token: t.member.token, body: {} }));
    refused(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }), "4040");
    expect(await messageRows(s, conv.id)).toEqual([]);
    refused(await s.call(`/api/agent/conversation/delete/${conv.id}`, { token: t.member.token, body: {} }), "4040");

    // A chat in it is refused as not found, as before its first turn (the server keeps a chatted conversation's
    // fixed parts), even when the request has something else wrong with it too.
    for (const message of ["删除后", "  "]) {
      const after = await postSse(s.url, CHAT_PATH, {
        token: t.member.token,
        body: { conversationId: conv.id, message },
      });
      expect([after.status, after.envelope!.code, after.envelope!.message]).toEqual([404, "4040", "会话不存在"]);
    }
  });

  it("refuses a turn in a conversation deleted while its checks ran, as not found", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    await chat(s, t.member.token, conv.id, "第一轮");
    // Gone between the server's checks and the turn's start: deleted straight in the database, no request told it.
    await rows(s, sql`delete from conversation where id = ${conv.id}`);
    const after = await postSse(s.url, CHAT_PATH, {
      token: t.member.token,
      body: { conversationId: conv.id, message: "第二轮" },
    });
    expect([after.status, after.envelope!.code]).toEqual([404, "4040"]);
    expect(await count(s, "chat_run", sql`conversation_id = ${conv.id}`)).toBe(0);
  });
});

describe("someone else's conversation", () => {
  it("cannot be read, renamed, paged, stopped or deleted, and nothing changes", async () => {
    const conv = await newConversation(s, t.member.token, agentId);
    const stream = openChat(s, t.member.token, conv.id, "私密问题");
    const first = await stream.waitFor(() => true);
    const before = await conversationRow(conv.id);

    for (const token of [t.outsider.token, t.other.token, t.owner.token]) {
      const as = (path: string, body: object = {}) => s.call(path, { token, body });
      // The server keeps the fixed parts of a chatted conversation: they refuse another user as the row does.
      const chatted = await postSse(s.url, CHAT_PATH, { token, body: { conversationId: conv.id, message: "偷看" } });
      expect([chatted.status, chatted.envelope!.code]).toEqual([404, "4040"]);
      refused(await as(`/api/agent/conversation/${conv.id}`), "4040");
      refused(await as("/api/agent/conversation/message/list", { conversationId: conv.id }), "4040");
      refused(await as("/api/agent/conversation/update", { id: conv.id, topic: "被改了" }), "4040");
      refused(await as("/api/agent/conversation/chat/suggest", { conversationId: conv.id }), "4040");
      refused(await as(`/api/agent/conversation/chat/stop/${first.requestId}`), "4040");
      refused(await as(`/api/agent/conversation/delete/${conv.id}`), "4040");
      const list = ok<any[]>(await as("/api/agent/conversation/list", { agentId }));
      expect(list.map((c) => c.id)).not.toContain(conv.id);
    }
    refused(
      await s.call(`/api/agent/conversation/chat/stop/${"0".repeat(32)}`, { token: t.member.token, body: {} }),
      "4040",
    );
    refused(await s.call("/api/agent/conversation/chat/stop/not-an-id", { token: t.member.token, body: {} }), "4000");

    const events = await stream.done;
    expect(events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: true } });
    expect((await runRow(s, first.requestId)).status).toBe("FINISHED");
    expect(await conversationRow(conv.id)).toMatchObject({ topic: before!.topic });
    expect((await messageRows(s, conv.id)).map((m) => m.status)).toEqual(["complete", "complete"]);
  });
});
