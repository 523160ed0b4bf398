import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUrl } from "#server/modules/file/service";
import { findTenantConfigValues, saveTenantConfigValues } from "#server/modules/tenant/repo";
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

async function upload(name: string, content: BlobPart, token: string | null = t.member.token, type = "") {
  const form = new FormData();
  form.append("file", new File([content], name, { type }));
  const res = await fetch(`${s.url}/api/file/upload`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe("POST /api/file/upload", () => {
  it.each([
    ["说明.txt", "纯文本内容", "text/plain"],
    ["readme.md", "# 标题", "text/markdown"],
    ["report.pdf", "%PDF-1.4 fake", "application/pdf"],
    ["logo.PNG", PNG, "image/png"],
    ["data.json", '{"a":1}', "application/json"],
  ])("accepts %s and describes it", async (name, content, mimeType) => {
    const data = ok(await upload(name, content));
    const size = typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
    expect(data).toEqual({
      key: expect.stringMatching(/^[a-f0-9]{24}\.[a-z]+$/),
      url: expect.any(String),
      fileName: name,
      mimeType,
      size,
    });
    expect(data.url).toMatch(new RegExp(`^/api/file/download/${data.key}\\?exp=\\d+&sig=`));
    const res = await fetch(s.url + data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(mimeType);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(
      typeof content === "string" ? Buffer.from(content) : Buffer.from(content),
    );
  });

  it("refuses other types, empty files, a missing file and anonymous uploads; nothing is stored", async () => {
    const before = await count(s, "file");
    refused(await upload("run.exe", "MZ"), "4000", "file");
    refused(await upload("page.html", "<script>alert(1)</script>", t.member.token, "text/html"), "4000", "file");
    refused(await upload("noext", "abc"), "4000", "file");
    refused(await upload("empty.txt", ""), "4000", "file");
    refused(await upload("a.txt", "abc", null), "4010");

    const form = new FormData();
    form.append("other", "x");
    const missing = await fetch(`${s.url}/api/file/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.member.token}` },
      body: form,
    });
    refused((await missing.json()) as Envelope, "4000", "file");
    const notMultipart = await s.call("/api/file/upload", { token: t.member.token, body: { file: "x" } });
    refused(notMultipart, "4000");
    expect(await count(s, "file")).toBe(before);
  });

  it("applies the tenant's size limit", async () => {
    const stored = await findTenantConfigValues(s.deps.db, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, maxFileSize: "1KB" });
    try {
      const tooBig = await upload("big.txt", "x".repeat(1025));
      refused(tooBig, "4000", "file");
      expect(ok(await upload("small.txt", "x".repeat(1024))).size).toBe(1024);
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });
});

describe("GET /api/file/download/:key", () => {
  it("serves only with a valid, unexpired signature", async () => {
    const { key, url } = ok(await upload("secret.txt", "机密"));
    const sig = new URL(url, s.url).searchParams.get("sig")!;
    const exp = new URL(url, s.url).searchParams.get("exp")!;
    const denied = async (path: string) => {
      const res = await fetch(s.url + path);
      const body = await res.text();
      expect(body).not.toContain("机密");
      return JSON.parse(body) as Envelope;
    };
    const tampered = `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`;
    refused(await denied(`/api/file/download/${key}?exp=${exp}&sig=${tampered}`), "4030");
    refused(await denied(`/api/file/download/${key}?exp=${Number(exp) + 60}&sig=${sig}`), "4030");
    refused(await denied(`/api/file/download/${key}?exp=${exp}`), "4030");
    const expired = signedUrl(s.deps.config.SECRET_KEY, key, Date.now() - 2 * 24 * 3600_000);
    refused(await denied(expired), "4030");
    // A valid signature for another key does not open this one.
    const other = ok(await upload("other.txt", "别的"));
    const otherSig = new URL(other.url, s.url).searchParams;
    refused(await denied(`/api/file/download/${key}?exp=${otherSig.get("exp")}&sig=${otherSig.get("sig")}`), "4030");
    const ok200 = await fetch(s.url + url);
    expect(await ok200.text()).toBe("机密");
    expect(ok200.headers.get("content-disposition")).toContain("attachment");
  });
});

describe("attachments on chat messages", () => {
  it("are stored with the message and come back with a fresh working URL", async () => {
    const { key, fileName, mimeType } = ok(await upload("需求.md", "# 需求文档"));
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    await configure(s, t.member.token, agentId, { openFileBox: "Open" });
    const conv = await newConversation(s, t.member.token, agentId);
    // The client's URL and type are not trusted: the stored file decides.
    const attachment = { fileKey: key, fileUrl: "https://evil.example/stale", fileName, mimeType: "text/html" };
    const { events } = await chat(s, t.member.token, conv.id, "", { attachments: [attachment] });
    expect(events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: true } });
    expect(events.map((e) => (e.eventType === "MESSAGE" ? e.data.text : "")).join("")).toContain(
      "你说的是：「请分析上面的附件。」。我收到了 1 个附件：需求.md。",
    );

    const [user] = await messageRows(s, conv.id);
    expect(user!.attachments).toEqual([
      {
        fileKey: key,
        fileName,
        mimeType,
        fileUrl: expect.stringMatching(new RegExp(`^/api/file/download/${key}\\?exp=`)),
      },
    ]);
    const listed = ok<any[]>(
      await s.call("/api/agent/conversation/message/list", {
        token: t.member.token,
        body: { conversationId: conv.id },
      }),
    );
    const back = listed[0].attachments[0];
    expect(back).toMatchObject({ fileKey: key, fileName, mimeType });
    expect(back.fileUrl).toMatch(new RegExp(`^/api/file/download/${key}\\?exp=`));
    expect(await (await fetch(s.url + back.fileUrl)).text()).toBe("# 需求文档");
  });

  it("refuses an attachment whose file does not exist, before anything is stored", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const conv = await newConversation(s, t.member.token, agentId);
    const missing = { fileKey: `${"ab".repeat(12)}.txt`, fileUrl: "", fileName: "丢失.txt", mimeType: "text/plain" };
    const res = await postSse(s.url, CHAT_PATH, {
      token: t.member.token,
      body: { conversationId: conv.id, message: "看看附件", attachments: [missing] },
    });
    expect(res.status).toBe(400);
    expect(res.envelope!.message).toContain("'attachments'");
    expect(await messageRows(s, conv.id)).toEqual([]);
  });
});
