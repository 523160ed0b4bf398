import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultIcon } from "#contract/icons";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { CHAT_PATH, chat, configure, messageRows, newConversation } from "../support/chat";
import { count } from "../support/helpers";
import { type Envelope, startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

async function upload(token: string | null, query = "") {
  const form = new FormData();
  form.append("file", new File(["会议记录"], "记录.txt"));
  const res = await fetch(`${s.url}/api/file/upload${query}`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return (await res.json()) as Envelope;
}

describe("the history across agents", () => {
  it("names each conversation's agent, so the home panel can say whom it was with", async () => {
    const writer = await addAgent(s, t.member.token, t.spaceId, { name: "写作助手" });
    const tutor = await addAgent(s, t.member.token, t.spaceId, { name: "学习伙伴" });
    const a = await newConversation(s, t.member.token, writer);
    const b = await newConversation(s, t.member.token, tutor);
    await chat(s, t.member.token, a.id, "写一首诗");
    await chat(s, t.member.token, b.id, "讲讲勾股定理");
    const list = ok(await s.call("/api/agent/conversation/list", { token: t.member.token, body: { agentId: null } }));
    expect(list.map((c: { id: number; agent: { name: string } }) => [c.id, c.agent.name])).toEqual([
      [b.id, "学习伙伴"],
      [a.id, "写作助手"],
    ]);
    expect(list[0].agent).toEqual({ agentId: tutor, name: "学习伙伴", icon: defaultIcon("Agent") });
  });
});

describe("suggestions after a reload", () => {
  it("come back with the answer they were made for", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "建议助手" });
    await configure(s, t.member.token, agentId, { openSuggest: "Open" });
    const conv = await newConversation(s, t.member.token, agentId);
    await chat(s, t.member.token, conv.id, "你好");
    const suggestions = ok(
      await s.call("/api/agent/conversation/chat/suggest", {
        token: t.member.token,
        body: { conversationId: conv.id },
      }),
    );
    expect(suggestions.length).toBeGreaterThan(0);
    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.messageList.at(-1)).toMatchObject({ role: "ASSISTANT", suggestions });
    expect(view.messageList[0]).toMatchObject({ role: "USER", suggestions: [] });
  });
});

describe("文件盒", () => {
  it("off: the chat refuses attachments before anything is stored; on: they go along", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "无文件盒" });
    const conv = await newConversation(s, t.member.token, agentId);
    expect(conv.agent.openFileBox).toBe("Close");
    const file = ok(await upload(t.member.token));
    const attachment = { fileKey: file.key, fileUrl: "", fileName: file.fileName, mimeType: file.mimeType };
    const before = await count(s, "chat_run");
    const res = await postSse(s.url, CHAT_PATH, {
      token: t.member.token,
      body: { conversationId: conv.id, message: "看看附件", attachments: [attachment] },
    });
    // A business refusal arrives in the stream as the answer's error (what the chat shows), not as a reply.
    expect(res.events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: false } });
    expect(res.events[0]).toMatchObject({ data: { text: "该智能体未开启文件盒，不能发送附件" } });
    expect(await messageRows(s, conv.id)).toEqual([]);
    expect(await count(s, "chat_run")).toBe(before);
    // Text alone still works.
    await chat(s, t.member.token, conv.id, "只发文字");
    expect(await messageRows(s, conv.id)).toHaveLength(2);

    await configure(s, t.member.token, agentId, { openFileBox: "Open" });
    const view = ok(await s.call(`/api/agent/conversation/${conv.id}`, { token: t.member.token, body: {} }));
    expect(view.agent.openFileBox).toBe("Open");
    const { events } = await chat(s, t.member.token, conv.id, "看看附件", { attachments: [attachment] });
    expect(events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: true } });
  });

  it("off: visitors of a temporary link cannot upload for that agent, and nothing is stored", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "链接助手" });
    const link = ok(
      await s.call(`/api/temp/chat/${agentId}/link/create`, { token: t.member.token, body: { requireLogin: 0 } }),
    );
    const before = await count(s, "file");
    refused(await upload(null, `?chatKey=${link.chatKey}`), "0001");
    expect(await count(s, "file")).toBe(before);
    await configure(s, t.member.token, agentId, { openFileBox: "Open" });
    expect(ok(await upload(null, `?chatKey=${link.chatKey}`))).toMatchObject({ fileName: "记录.txt" });
  });
});
