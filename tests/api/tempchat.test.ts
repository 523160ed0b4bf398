import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTenantConfigValues, saveTenantConfigValues } from "#server/modules/tenant/repo";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import {
  addFakeModel,
  bindModel,
  chat,
  configure,
  expectWellFormed,
  finalOf,
  messageRows,
  newConversation,
  streamed,
} from "../support/chat";
import { count, rows } from "../support/helpers";
import { type Envelope, startServer, type TestServer } from "../support/server";
import { openSse, postSse } from "../support/sse";

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let agentId: number;
beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI()]);
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "临时助手" });
  // 文件盒 on: the attachment tests below send files through the link.
  await configure(s, t.member.token, agentId, { openFileBox: "Open" });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const createLink = (body: object = {}, token = t.member.token, id = agentId) =>
  s.call(`/api/temp/chat/${id}/link/create`, { token, body });
const linkRow = async (id: number) =>
  (await rows<Record<string, any>>(s, sql`select * from temp_chat_link where id = ${id}`))[0];
const anonymous = (path: string, body: object, token: string | null = null) =>
  s.call(`/api/temp/chat/${path}`, { token, body });
const completions = (body: object, token: string | null = null) =>
  postSse(s.url, "/api/temp/chat/completions", { token, body });

describe("temporary chat links", () => {
  it("are created by members with the TempChat permission, and listed, updated and deleted by their creator", async () => {
    const link = ok(await createLink({ requireLogin: 0 }));
    expect(link).toMatchObject({ agentId, userId: t.member.id, requireLogin: 0, expire: null });
    expect(link.chatKey).toMatch(/^ck-[a-f0-9]{32}$/);
    expect(link.chatUrl).toMatch(new RegExp(`/chat-temp/${link.chatKey}$`));
    const strict = ok(await createLink());
    expect(strict.requireLogin).toBe(1);
    expect(strict.chatKey).not.toBe(link.chatKey);

    const listed = ok<any[]>(await s.call(`/api/temp/chat/${agentId}/link/list`, { token: t.member.token }));
    expect(listed.map((l) => l.id)).toEqual([strict.id, link.id]);

    const expire = new Date(Date.now() + 3600_000).toISOString();
    ok(
      await s.call("/api/temp/chat/link/update", {
        token: t.member.token,
        body: { id: strict.id, requireLogin: 0, expire },
      }),
    );
    expect(await linkRow(strict.id)).toMatchObject({ require_login: 0 });
    expect(new Date((await linkRow(strict.id))!.expire).toISOString()).toBe(expire);
    refused(
      await s.call("/api/temp/chat/link/update", {
        token: t.member.token,
        body: { id: strict.id, expire: new Date(Date.now() - 1000).toISOString() },
      }),
      "4000",
      "expire",
    );
    refused(await createLink({ requireLogin: 2 }), "4000", "requireLogin");

    ok(await s.call(`/api/temp/chat/${agentId}/link/${strict.id}/delete`, { token: t.member.token, body: {} }));
    expect(await linkRow(strict.id)).toBeUndefined();
    refused(await anonymous("conversation/create", { chatKey: strict.chatKey }), "0001");
  });

  it("refuses outsiders (4040, nothing changed), anonymous callers, and everyone when the tenant turns it off", async () => {
    const link = ok(await createLink({ requireLogin: 0 }));
    const links = await count(s, "temp_chat_link");
    refused(await createLink({}, t.outsider.token), "4040");
    refused(await s.call(`/api/temp/chat/${agentId}/link/list`, { token: t.outsider.token }), "4040");
    refused(
      await s.call("/api/temp/chat/link/update", { token: t.outsider.token, body: { id: link.id, requireLogin: 1 } }),
      "4040",
    );
    refused(
      await s.call(`/api/temp/chat/${agentId}/link/${link.id}/delete`, { token: t.outsider.token, body: {} }),
      "4040",
    );
    refused(await s.call(`/api/temp/chat/${agentId}/link/list`), "4010");
    refused(await s.call("/api/temp/chat/abc/link/list", { token: t.member.token }), "4000");
    expect(await count(s, "temp_chat_link")).toBe(links);
    expect(await linkRow(link.id)).toMatchObject({ require_login: 0 });

    const stored = await findTenantConfigValues(s.deps.db, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, allowAgentTempChat: 0 });
    try {
      refused(await createLink({}, t.member.token), "4030");
      refused(await anonymous("conversation/create", { chatKey: link.chatKey }), "0001");
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });
});

describe("chatting through a link", () => {
  it("without login runs the draft as the link's creator; the uid addresses the conversation", async () => {
    await configure(s, t.member.token, agentId, { systemPrompt: "草稿设定", openingChatMsg: "你好，我是临时助手" });
    const link = ok(await createLink({ requireLogin: 0 }));
    const conv = ok(await anonymous("conversation/create", { chatKey: link.chatKey }));
    expect(conv).toMatchObject({ userId: t.member.id, agentId, devMode: true, type: "TempChat" });
    expect(conv.uid).toMatch(/^[a-f0-9]{32}$/);
    expect(conv.messageList[0]).toMatchObject({ role: "ASSISTANT", text: "你好，我是临时助手" });

    const { status, events } = await completions({ chatKey: link.chatKey, conversationUid: conv.uid, message: "你好" });
    expect(status).toBe(200);
    expectWellFormed(events);
    expect(streamed(events)).toContain("我已读取智能体的设定（4 字）");

    const again = ok(await anonymous("conversation/query", { chatKey: link.chatKey, conversationUid: conv.uid }));
    expect(again.messageList.map((m: any) => [m.role, m.status])).toEqual([
      ["USER", "complete"],
      ["ASSISTANT", "complete"],
    ]);
    // Without a uid, query starts a new conversation.
    const fresh = ok(await anonymous("conversation/query", { chatKey: link.chatKey }));
    expect(fresh.uid).not.toBe(conv.uid);
    // The creator's own history is not cluttered by visitors.
    const history = ok<any[]>(await s.call("/api/agent/conversation/list", { token: t.member.token, body: {} }));
    expect(history.map((c) => c.id)).not.toContain(conv.id);

    // A uid only works with its own link; unknown keys and uids are refused.
    const otherLink = ok(await createLink({ requireLogin: 0 }));
    refused(await anonymous("conversation/query", { chatKey: otherLink.chatKey, conversationUid: conv.uid }), "4040");
    const wrong = await completions({ chatKey: otherLink.chatKey, conversationUid: conv.uid, message: "你好" });
    expect(wrong.status).toBe(404);
    refused(await anonymous("conversation/create", { chatKey: `ck-${"0".repeat(32)}` }), "0001");
    refused(await anonymous("conversation/create", { chatKey: "ck-short" }), "4000", "chatKey");
    const bad = await completions({ chatKey: link.chatKey, conversationUid: "nope", message: "x" });
    expect(bad.status).toBe(400);
    expect(await messageRows(s, conv.id)).toHaveLength(2);
  });

  it("with requireLogin=1 refuses anonymous visitors (HTTP 401 for the stream) and lets signed-in users chat as themselves", async () => {
    const link = ok(await createLink({ requireLogin: 1 }));
    refused(await anonymous("conversation/create", { chatKey: link.chatKey }), "4010");
    const conv = ok(await anonymous("conversation/create", { chatKey: link.chatKey }, t.outsider.token));
    expect(conv.userId).toBe(t.outsider.id);
    const refusedStream = await completions({ chatKey: link.chatKey, conversationUid: conv.uid, message: "你好" });
    expect(refusedStream.status).toBe(401);
    expect(refusedStream.envelope!.code).toBe("4010");
    expect(await messageRows(s, conv.id)).toEqual([]);
    const { events } = await completions(
      { chatKey: link.chatKey, conversationUid: conv.uid, message: "你好" },
      t.outsider.token,
    );
    expect(finalOf(events)!.data.success).toBe(true);
  });

  it("refuses an expired link", async () => {
    const link = ok(await createLink({ requireLogin: 0 }));
    const conv = ok(await anonymous("conversation/create", { chatKey: link.chatKey }));
    await s.deps.db.execute(sql`update temp_chat_link set expire = now() - interval '1 minute' where id = ${link.id}`);
    const expired = await anonymous("conversation/create", { chatKey: link.chatKey });
    refused(expired, "0001");
    expect(expired.message).toContain("过期");
    const stream = await completions({ chatKey: link.chatKey, conversationUid: conv.uid, message: "你好" });
    expect(stream.status).toBeGreaterThanOrEqual(400);
    expect(stream.envelope!.message).toContain("过期");
    expect(await messageRows(s, conv.id)).toEqual([]);
  });

  it("rate-limits anonymous messages per address with HTTP 429", async () => {
    const link = ok(await createLink({ requireLogin: 0 }));
    const conv = ok(await anonymous("conversation/create", { chatKey: link.chatKey }));
    await completions({ chatKey: link.chatKey, conversationUid: conv.uid, message: "一" });
    const [limit] = await rows<{ key: string }>(s, sql`select key from rate_limit where key like 'temp-chat:%'`);
    expect(limit).toBeDefined();
    await s.deps.db.execute(sql`update rate_limit set count = 30 where key = ${limit!.key}`);
    const limited = await completions({ chatKey: link.chatKey, conversationUid: conv.uid, message: "二" });
    expect(limited.status).toBe(429);
    expect(limited.envelope!.code).toBe("4290");
    expect((await messageRows(s, conv.id)).map((m) => m.text)).not.toContain("二");
    await s.deps.db.execute(sql`delete from rate_limit where key = ${limit!.key}`);
  });

  it("stops an answer through /conversation/{requestId}, only for temporary conversations", async () => {
    const slowAgent = await addAgent(s, t.member.token, t.spaceId, { name: "慢助手" });
    await bindModel(s, t.member.token, slowAgent, await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-slow"));
    const link = ok(await createLink({ requireLogin: 0 }, t.member.token, slowAgent));
    const conv = ok(await anonymous("conversation/create", { chatKey: link.chatKey }));
    const stream = openSse(s.url, "/api/temp/chat/completions", {
      body: { chatKey: link.chatKey, conversationUid: conv.uid, message: "慢慢说" },
    });
    const first = await stream.waitFor((e) => e.data?.type === "CHAT" && e.data.text);
    const upstream = fake.requests.findLast((r) => r.body.model === "fake-slow" && r.body.stream)!;
    expect(ok(await anonymous(`conversation/${first.requestId}`, {}))).toBe(true);
    const events = await stream.done;
    expectWellFormed(events);
    const [, answer] = await messageRows(s, conv.id);
    expect(answer).toMatchObject({ status: "complete", text: streamed(events), finish_reason: "STOPPED" });
    expect(streamed(events)).not.toContain("片段49");
    // Stopped at once, not after the model finished on its own: the model call itself was cut off.
    await expect
      .poll(() => upstream.hungUp, { message: "the model request was not cancelled", timeout: 5000 })
      .toBe(true);

    // A signed-in conversation's request id cannot be stopped through the public endpoint.
    const normal = await newConversation(s, t.member.token, agentId);
    const { events: normalEvents } = await chat(s, t.member.token, normal.id, "你好");
    refused(await anonymous(`conversation/${normalEvents[0]!.requestId}`, {}), "4040");
    refused(await anonymous("conversation/xyz", {}), "4000");
  });

  it("accepts attachments from visitors of an open link only", async () => {
    const open = ok(await createLink({ requireLogin: 0 }));
    const closed = ok(await createLink({ requireLogin: 1 }));
    const upload = async (chatKey: string) => {
      const form = new FormData();
      form.append("file", new File(["附件内容"], "note.txt"));
      // The link is named in the query, so the upload is refused or accepted before its body is read.
      const res = await fetch(`${s.url}/api/file/upload?chatKey=${chatKey}`, { method: "POST", body: form });
      return (await res.json()) as Envelope;
    };
    expect(ok(await upload(open.chatKey))).toMatchObject({ fileName: "note.txt", mimeType: "text/plain" });
    refused(await upload(closed.chatKey), "4010");
    refused(await upload(`ck-${"f".repeat(32)}`), "0001");
  });
});
