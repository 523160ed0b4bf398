import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, personalSpace, refused, type Team, team } from "../support/agents";
import { CHAT_PATH, chat, configure, finalOf, messageRows, newConversation } from "../support/chat";
import { count } from "../support/helpers";
import { type Envelope, startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";

/**
 * A stored file's key is not a capability: seeing it (in a shared answer, a URL, a log) must not let anyone
 * attach the file to their own chat and so get it signed again. Only the uploader — or someone writing in a
 * conversation that already holds the file — may attach it.
 */
let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

async function upload(name: string, content: BlobPart, opts: { token?: string; query?: string } = {}) {
  const form = new FormData();
  form.append("file", new File([content], name));
  const res = await fetch(`${s.url}/api/file/upload${opts.query ?? ""}`, {
    method: "POST",
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    body: form,
  });
  return (await res.json()) as Envelope;
}

const attachmentOf = (d: { key: string; fileName: string; mimeType: string }) => ({
  fileKey: d.key,
  fileUrl: "",
  fileName: d.fileName,
  mimeType: d.mimeType,
});

describe("attaching a file by its key", () => {
  it("is refused to another user of the tenant, as if the file did not exist; its uploader may", async () => {
    const secret = ok(await upload("机密.txt", "机密内容", { token: t.member.token }));
    const outsiderAgent = await addAgent(s, t.outsider.token, await personalSpace(s, t.outsider.token));
    const theirs = await newConversation(s, t.outsider.token, outsiderAgent);
    const res = await postSse(s.url, CHAT_PATH, {
      token: t.outsider.token,
      body: { conversationId: theirs.id, message: "看看这个", attachments: [attachmentOf(secret)] },
    });
    expect(res.status).toBe(400);
    expect(res.envelope).toMatchObject({ code: "4000" });
    expect(res.envelope!.message).toContain("不存在或已删除");
    expect(await messageRows(s, theirs.id)).toEqual([]);

    const memberAgent = await addAgent(s, t.member.token, t.spaceId);
    await configure(s, t.member.token, memberAgent, { openFileBox: "Open" });
    const own = await newConversation(s, t.member.token, memberAgent);
    const { events } = await chat(s, t.member.token, own.id, "看看这个", { attachments: [attachmentOf(secret)] });
    expect(finalOf(events)).toMatchObject({ data: { success: true } });
    // Sending it again in the same conversation works too: the conversation already holds it.
    const again = await chat(s, t.member.token, own.id, "再看一次", { attachments: [attachmentOf(secret)] });
    expect(finalOf(again.events)).toMatchObject({ data: { success: true } });
  });

  it("is refused to a visitor of a temporary link for another user's file; files sent through the link work", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "临时助手" });
    await configure(s, t.member.token, agentId, { openFileBox: "Open" });
    const link = ok(
      await s.call(`/api/temp/chat/${agentId}/link/create`, { token: t.member.token, body: { requireLogin: 0 } }),
    );
    const conv = ok(await s.call("/api/temp/chat/conversation/create", { body: { chatKey: link.chatKey } }));
    const send = (attachment: ReturnType<typeof attachmentOf>) =>
      postSse(s.url, "/api/temp/chat/completions", {
        body: { chatKey: link.chatKey, conversationUid: conv.uid, message: "看看", attachments: [attachment] },
      });

    const outsiders = ok(await upload("别人的.txt", "别人的内容", { token: t.outsider.token }));
    const refusedSend = await send(attachmentOf(outsiders));
    expect(refusedSend.status).toBe(400);
    expect(refusedSend.envelope!.message).toContain("不存在或已删除");

    const visitors = ok(await upload("访客.txt", "访客的内容", { query: `?chatKey=${link.chatKey}` }));
    const accepted = await send(attachmentOf(visitors));
    expect(finalOf(accepted.events)).toMatchObject({ data: { success: true } });
  });
});

/** Every file under FILES_DIR (stored files and temporary parts alike). */
async function storedFiles() {
  const entries = await readdir(s.deps.config.FILES_DIR, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

describe("file names", () => {
  it("with a NUL character are refused with 4000, leaving neither a file nor a row", async () => {
    const [files, rows] = [await storedFiles(), await count(s, "file")];
    // Sent raw, the part header itself is malformed; either way a 4000, never a 5000.
    refused(await upload("a\u0000b.txt", "内容", { token: t.member.token }), "4000");
    // The same name written as RFC 5987 percent-encoding, which the parser decodes.
    const boundary = "----nul";
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.txt\r\n` +
      `Content-Type: text/plain\r\n\r\n内容\r\n--${boundary}--\r\n`;
    const res = await fetch(`${s.url}/api/file/upload`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.member.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    refused((await res.json()) as Envelope, "4000", "file");
    expect(await storedFiles()).toBe(files);
    expect(await count(s, "file")).toBe(rows);
  });
});
