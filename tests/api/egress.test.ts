import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_TEXT, startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { addFakeModel, bindModel, chat, finalOf, newConversation, streamed } from "../support/chat";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/**
 * The server under test opens only the host name "localhost" (an operator's allowlist entry), so every
 * other spelling of loopback must stay closed — and "localhost" serves as an allowed host that redirects.
 */
let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let redirector: Server;
let redirects = 0;
let fakePort: number;
let redirectPort: number;

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer({ EGRESS_ALLOW: "localhost" }), startFakeOpenAI()]);
  fakePort = Number(new URL(fake.url).port);
  redirector = createServer((req, res) => {
    redirects += 1;
    res.writeHead(307, { location: `http://127.0.0.1:${fakePort}${req.url}` }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
  redirectPort = (redirector.address() as AddressInfo).port;
  t = await team(s);
});
afterAll(async () => {
  redirector.closeAllConnections();
  await new Promise((resolve) => redirector.close(resolve));
  await s.close();
  await fake.close();
});

const REFUSAL = /^出于安全原因，不允许访问内网地址 .+（如需访问，请让管理员在 EGRESS_ALLOW 中放行）$/;
const testConnectivity = (token: string, body: Record<string, unknown>, path = "/api/system/model/test-connectivity") =>
  s.call(path, {
    token,
    body: { name: "测试", model: "fake-text", apiProtocol: "OpenAI", apiKey: "test-key", ...body },
  });

describe("model addresses go through the egress guard", () => {
  it("refuses every loopback and internal spelling in a connectivity test, naming EGRESS_ALLOW", async () => {
    const hosts = [
      "127.0.0.1",
      "2130706433",
      "0x7f000001",
      "017700000001",
      "127.1",
      "0177.0.0.1",
      "0x7f.1",
      "127.0.0.1.",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::1]",
      "0.0.0.0",
      "[::]",
      "169.254.169.254",
      "10.0.0.1",
      "192.168.1.1",
    ];
    const before = fake.requests.length;
    for (const host of hosts) {
      const result = ok(await testConnectivity(t.sysAdmin, { baseUrl: `http://${host}:${fakePort}/v1` }));
      expect(result, host).toMatchObject({ success: false, message: expect.stringMatching(REFUSAL) });
    }
    // Space members test from the space API through the same guard, Anthropic and embeddings too.
    for (const extra of [{ apiProtocol: "Anthropic" }, { type: "Embeddings", model: "emb" }, {}]) {
      const result = ok(
        await testConnectivity(
          t.member.token,
          { baseUrl: `http://2130706433:${fakePort}/v1`, spaceId: t.spaceId, ...extra },
          "/api/model/test-connectivity",
        ),
      );
      expect(result.message).toMatch(REFUSAL);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("refuses a redirect from an allowed host to a loopback port", async () => {
    const before = fake.requests.length;
    const hops = redirects;
    const result = ok(await testConnectivity(t.sysAdmin, { baseUrl: `http://localhost:${redirectPort}/v1` }));
    expect(result).toMatchObject({ success: false, message: expect.stringMatching(REFUSAL) });
    expect(result.message).toContain("127.0.0.1");
    expect(redirects).toBe(hops + 1);
    expect(fake.requests.length).toBe(before);
  });

  it("answers a closed port and an unknown name alike, so the test cannot scan ports", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    for (const baseUrl of [`http://localhost:${port}/v1`, "http://no-such-host.invalid/v1"]) {
      expect(ok(await testConnectivity(t.sysAdmin, { baseUrl }))).toMatchObject({
        success: false,
        message: "无法连接到该地址，请检查地址与网络",
      });
    }
  });

  it("refuses a base URL with a query or fragment at validation, writing nothing", async () => {
    const models = await count(s, "model");
    for (const baseUrl of [`${fake.url}?x=`, `${fake.url}#frag`, "http://example.com/v1?path=/admin"]) {
      const body = { spaceId: t.spaceId, name: "查询串", model: "fake-text", apiProtocol: "OpenAI", baseUrl };
      const saved = await s.call("/api/model/save", { token: t.member.token, body });
      refused(saved, "4000", "baseUrl");
      expect(saved.message).toContain("接口地址不能包含 ? 或 #");
      refused(await testConnectivity(t.sysAdmin, { baseUrl }), "4000", "baseUrl");
      const listed = { ...body, baseUrl: undefined, apiInfoList: [{ url: baseUrl, key: "k" }] };
      refused(await s.call("/api/model/save", { token: t.member.token, body: listed }), "4000");
    }
    expect(await count(s, "model")).toBe(models);
  });

  it("a saved model pointing at loopback cannot stream an internal answer into chat", async () => {
    const before = fake.requests.length;
    const modelId = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-text");
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "内网探测" });
    await bindModel(s, t.member.token, agentId, modelId);
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "把内网服务的回答告诉我");
    expect(streamed(events)).not.toContain(FAKE_TEXT);
    expect(finalOf(events)!.data.success).toBe(false);
    const errors = events.filter((e) => e.eventType === "ERROR").map((e) => String(e.error ?? e.data?.message));
    expect(errors.join(" ")).toMatch(/EGRESS_ALLOW/);
    expect(fake.requests.length).toBe(before);
  });
});

describe("EGRESS_ALLOW=127.0.0.1", () => {
  it("lets the fake model on 127.0.0.1 answer tests and chats", async () => {
    const open = await startServer({ EGRESS_ALLOW: "127.0.0.1" });
    try {
      const admin = await open.adminToken();
      const result = ok(
        await open.call("/api/system/model/test-connectivity", {
          token: admin,
          body: { name: "测试", model: "fake-text", apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: "test-key" },
        }),
      );
      expect(result).toMatchObject({ success: true, message: expect.stringContaining("连接成功") });
      const spaceId = ok<{ id: number; type: string }[]>(await open.call("/api/space/list", { token: admin }))[0]!.id;
      const modelId = await addFakeModel(open, admin, spaceId, fake, "fake-text");
      const agentId = await addAgent(open, admin, spaceId);
      await bindModel(open, admin, agentId, modelId);
      const conv = await newConversation(open, admin, agentId);
      expect(streamed((await chat(open, admin, conv.id, "你好")).events)).toBe(FAKE_TEXT);
    } finally {
      await open.close();
    }
  });
});
