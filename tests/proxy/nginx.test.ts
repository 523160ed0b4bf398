/**
 * The product behind Debian's nginx, configured exactly as README.md documents (its server block, with only
 * the ports, certificate paths and upstream port changed). Two copies of the real server run behind it:
 * one with TRUST_PROXY=1 as the README says, one with TRUST_PROXY=0 to show what that setting changes.
 * Runs outside `npm test` (it needs nginx, openssl and the web build): `npm run test:proxy`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_HARD_LIMIT } from "#server/api/body-limit";
import {
  call,
  directives,
  ensureWebBuild,
  freePort,
  openStream,
  type Reply,
  readmeNginxBlocks,
  selfSignedCert,
  send,
  startNginx,
  startProduct,
  testServerBlock,
} from "./support";

const CHAT = "/api/agent/conversation/chat";

/**
 * An OpenAI-compatible model that, once armed, sends its first words and then holds the stream open until
 * the test releases it: whatever the client sees before the release cannot have been buffered to the end.
 */
async function gatedModel() {
  let armed = false;
  const held: (() => void)[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : {};
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "c1",
          object: "chat.completion",
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: "标题" }, finish_reason: "stop" }],
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write(chunk({ role: "assistant", content: "" }));
    res.write(chunk({ content: "第一段" }));
    if (armed) {
      armed = false;
      await new Promise<void>((resolve) => held.push(resolve));
    }
    res.write(chunk({ content: "，第二段" }));
    res.write(chunk({}, "stop"));
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    /** The next streamed answer waits after its first words until `release`. */
    arm: () => (armed = true),
    isHolding: () => held.length > 0,
    release: () => {
      for (const go of held.splice(0)) go();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const cookiesOf = (reply: Reply | { setCookie: string[] }) =>
  "setCookie" in reply ? reply.setCookie : (reply.headers["set-cookie"] ?? []);
const secure = (line: string) => /;\s*Secure(;|$)/i.test(line);
const ticketOf = (lines: string[]) => lines.find((l) => l.startsWith("ticket="))?.split(";")[0];

let dir: string;
let model: Awaited<ReturnType<typeof gatedModel>>;
let products: Awaited<ReturnType<typeof startProduct>>[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
/** Through nginx to the server with TRUST_PROXY=1: plain HTTP and TLS. */
let http1: string;
let tls1: string;
/** Through nginx to the server with TRUST_PROXY=0, and that server directly. */
let tls0: string;
let http0: string;
let direct0: string;
let admin: string;
let agentId: number;

beforeAll(async () => {
  ensureWebBuild();
  dir = mkdtempSync(path.join(os.tmpdir(), "proxy-test-"));
  const { cert, key } = selfSignedCert(dir);
  const [trustedPort, untrustedPort, h1, t1, h0, t0] = await Promise.all(Array.from({ length: 6 }, freePort));
  model = await gatedModel();
  // The gated model lives on loopback, which the egress guard refuses unless the operator allows it.
  const env = { EGRESS_ALLOW: "127.0.0.1" };
  products = await Promise.all([
    startProduct(trustedPort!, { ...env, TRUST_PROXY: "1" }),
    startProduct(untrustedPort!, { ...env, TRUST_PROXY: "0" }),
  ]);
  const [block] = readmeNginxBlocks();
  nginx = await startNginx(
    dir,
    [
      testServerBlock(block!, { tlsPort: t1!, httpPort: h1!, upstreamPort: trustedPort!, cert, key }),
      testServerBlock(block!, { tlsPort: t0!, httpPort: h0!, upstreamPort: untrustedPort!, cert, key }),
    ],
    [h1!, t1!, h0!, t0!],
  );
  http1 = `http://127.0.0.1:${h1}`;
  tls1 = `https://127.0.0.1:${t1}`;
  http0 = `http://127.0.0.1:${h0}`;
  tls0 = `https://127.0.0.1:${t0}`;
  direct0 = products[1]!.url;

  admin = (
    await call(http1, "/api/user/passwordLogin", { body: { phoneOrEmail: "admin", password: "Admin#Pass2026" } })
  ).envelope.data.token;
  const spaces = (await call(http1, "/api/space/list", { token: admin })).envelope.data as {
    id: number;
    type: string;
  }[];
  const spaceId = spaces.find((x) => x.type === "Personal")!.id;
  agentId = (await call(http1, "/api/agent/add", { token: admin, body: { spaceId, name: "代理测试" } })).envelope.data;
  const modelId = (
    await call(http1, "/api/model/save", {
      token: admin,
      body: { spaceId, name: "gated", model: "gated", apiProtocol: "OpenAI", baseUrl: model.url, apiKey: "k" },
    })
  ).envelope.data;
  expect(modelId, "model saved").toBeTypeOf("number");
  const components = (await call(http1, `/api/agent/component/list/${agentId}`, { token: admin })).envelope.data;
  const modelComponent = (components as { id: number; type: string }[]).find((c) => c.type === "Model")!;
  const bound = await call(http1, "/api/agent/component/model/update", {
    token: admin,
    body: { id: modelComponent.id, targetId: modelId, bindConfig: {} },
  });
  expect(bound.envelope.code, bound.envelope.message).toBe("0000");
}, 240_000);

afterAll(async () => {
  model?.release();
  await nginx?.stop();
  await Promise.all(products.map((p) => p.stop()));
  await model?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the README's nginx configuration", () => {
  it("is the same in the Chinese and the English section", () => {
    const blocks = readmeNginxBlocks();
    expect(blocks).toHaveLength(2);
    expect(directives(blocks[1]!)).toEqual(directives(blocks[0]!));
  });

  it("lets the largest file the server allows through (a larger limit is harmless: the server refuses itself)", () => {
    const [, amount, unit = ""] = /client_max_body_size (\d+)([kmg]?);/.exec(readmeNginxBlocks()[0]!) ?? [];
    const scale: Record<string, number> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
    expect(Number(amount) * scale[unit]!).toBeGreaterThan(UPLOAD_HARD_LIMIT);
  });

  it("leaves the server's idle connections open longer than a proxy's usual 60 s upstream keep-alive", async () => {
    const reply = await fetch(`${direct0}/healthz`);
    await reply.body?.cancel();
    expect(reply.headers.get("keep-alive")).toBe("timeout=65");
  });

  it("lets an upload above nginx's default 1 MB body limit through to the server", async () => {
    const boundary = "----proxytest";
    const file = Buffer.alloc(Math.round(1.5 * 1024 * 1024), "数据");
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const type = `multipart/form-data; boundary=${boundary}`;
    // The API with a token, and the chat page's upload relay as a browser sends it.
    for (const [target, headers] of [
      ["/api/file/upload", { authorization: `Bearer ${admin}` }],
      ["/resources/file-upload", { cookie: `ticket=${admin}`, origin: tls1, "sec-fetch-site": "same-origin" }],
    ] as const) {
      const reply = await send(tls1 + target, { body, headers: { ...headers, "content-type": type } });
      expect(reply.status, `${target}: ${reply.text.slice(0, 200)}`).toBe(200);
      expect(reply.json()).toMatchObject({ code: "0000", data: { fileName: "big.txt", size: file.length } });
    }
  });
});

describe("chat streams through the proxy unbuffered", () => {
  async function conversation(base: string, headers: Record<string, string> = {}) {
    const created = await call(base, "/api/agent/conversation/create", { token: admin, body: { agentId }, headers });
    expect(created.envelope.code, created.envelope.message).toBe("0000");
    return created.envelope.data.id as number;
  }

  /** The first words reach the client while the model still holds the rest back; the end follows the release. */
  async function expectUnbuffered(stream: ReturnType<typeof openStream>) {
    await stream.waitFor((e) => e.eventType === "MESSAGE" && e.data?.type === "CHAT", 20_000);
    expect(model.isHolding(), "the model is still holding its answer").toBe(true);
    expect(stream.frames.map((f) => f.event.eventType)).not.toContain("FINAL_RESULT");
    model.release();
    const reply = await stream.done;
    expect(reply.headers["content-type"]).toMatch(/^text\/event-stream/);
    const last = stream.frames.at(-1)!;
    expect(last.event).toMatchObject({ eventType: "FINAL_RESULT", completed: true });
    const first = stream.frames.find((f) => f.event.eventType === "MESSAGE")!;
    expect(first.read, "first words and the end arrived in separate reads").toBeLessThan(last.read);
    const text = stream.frames
      .filter((f) => f.event.eventType === "MESSAGE" && f.event.data.type === "CHAT")
      .map((f) => f.event.data.text)
      .join("");
    expect(text).toBe("第一段，第二段");
  }

  // Over TLS, as a real site runs: nginx buffering would also hold small frames back in a 16 KB TLS record.
  it("the API stream", async () => {
    const conversationId = await conversation(tls1);
    model.arm();
    await expectUnbuffered(
      openStream(tls1 + CHAT, {
        body: JSON.stringify({ conversationId, message: "你好" }),
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/json", accept: "text/event-stream" },
      }),
    );
  });

  it("the web page's relay, signed in by cookie from a page on a non-default port", async () => {
    const conversationId = await conversation(tls1);
    model.arm();
    await expectUnbuffered(
      openStream(`${tls1}/resources/chat-stream`, {
        body: JSON.stringify({ conversationId, message: "你好" }),
        headers: {
          cookie: `ticket=${admin}`,
          origin: tls1,
          referer: `${tls1}/home/chat/${conversationId}`,
          "content-type": "application/json",
          accept: "text/event-stream",
        },
      }),
    );
  });
});

describe("cookies over TLS", () => {
  const login = { phoneOrEmail: "admin", password: "Admin#Pass2026" };

  it("the API's session cookie is Secure through TLS and not over plain HTTP", async () => {
    const overTls = cookiesOf(await call(tls1, "/api/user/passwordLogin", { body: login }));
    expect(ticketOf(overTls)).toBeTruthy();
    expect(overTls.every(secure), overTls.join("\n")).toBe(true);
    const plain = cookiesOf(await call(http1, "/api/user/passwordLogin", { body: login }));
    expect(ticketOf(plain)).toBeTruthy();
    expect(plain.some(secure), plain.join("\n")).toBe(false);
  });

  it("the web sign-in form's cookies are Secure through TLS", async () => {
    const form = (fields: Record<string, string>) => ({
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: tls1, referer: `${tls1}/login` },
    });
    const byPassword = await send(`${tls1}/login`, form({ intent: "password", ...login }));
    expect(byPassword.status, byPassword.text.slice(0, 300)).toBe(302);
    const session = cookiesOf(byPassword);
    expect(ticketOf(session)).toBeTruthy();
    expect(session.every(secure), session.join("\n")).toBe(true);

    // Sign-in by code: the page keeps the sent code in a cookie, and clears it when the session starts.
    const target = "proxy-web@example.com";
    const byCode = await send(`${tls1}/login`, form({ intent: "code", target }));
    expect(byCode.status, byCode.text.slice(0, 300)).toBe(302);
    const notice = cookiesOf(byCode);
    expect(notice).toHaveLength(1);
    expect(notice.every(secure), notice.join("\n")).toBe(true);
    const noticeCookie = notice[0]!.split(";")[0]!;
    const saved = Buffer.from(decodeURIComponent(noticeCookie.slice("code_notice=".length)), "base64").toString();
    const code = /(\d{6})/.exec(JSON.parse(saved).message)?.[1];
    expect(code, saved).toBeTruthy();
    const verify = await send(`${tls1}/verify-code?target=${encodeURIComponent(target)}`, {
      ...form({ intent: "verify", code: code! }),
      headers: { ...form({}).headers, cookie: noticeCookie },
    });
    expect(verify.status, verify.text.slice(0, 300)).toBe(302);
    const signedIn = cookiesOf(verify);
    expect(ticketOf(signedIn)).toBeTruthy();
    expect(signedIn.some((l) => l.startsWith("code_notice=;"))).toBe(true);
    expect(signedIn.every(secure), signedIn.join("\n")).toBe(true);
  });

  it("the toast cookie is Secure through TLS", async () => {
    // A plain member opening the admin pages is sent home with a toast.
    const email = "proxy-member@example.com";
    const sent = await call(tls1, "/api/user/code/send", {
      body: { type: "LOGIN_OR_REGISTER", email },
      from: "127.0.0.9",
    });
    const code = /(\d{6})/.exec(sent.envelope.message)?.[1];
    expect(code, sent.envelope.message).toBeTruthy();
    const member = await call(tls1, "/api/user/codeLogin", { body: { phoneOrEmail: email, code } });
    const reply = await send(`${tls1}/system/config`, { headers: { cookie: ticketOf(cookiesOf(member))! } });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe("/");
    const toast = cookiesOf(reply).filter((l) => l.startsWith("toast="));
    expect(toast).toHaveLength(1);
    expect(secure(toast[0]!), toast[0]).toBe(true);
  });

  it("without TRUST_PROXY the server ignores X-Forwarded-Proto and cannot mark cookies Secure", async () => {
    const reply = cookiesOf(await call(tls0, "/api/user/passwordLogin", { body: login }));
    expect(ticketOf(reply)).toBeTruthy();
    expect(reply.some(secure)).toBe(false);
  });
});

describe("rate limits see the client's address", () => {
  /** Asks for sign-up codes for fresh addresses until the per-address hourly limit answers 4290. */
  async function exhaustCodes(base: string, o: { from?: string; forwardedFor?: (i: number) => string }) {
    for (let i = 0; i < 100; i++) {
      const email = `rl-${base.slice(-5)}-${o.from ?? "d"}-${i}@example.com`;
      const headers: Record<string, string> = o.forwardedFor ? { "x-forwarded-for": o.forwardedFor(i) } : {};
      const { envelope } = await call(base, "/api/user/code/send", {
        body: { type: "LOGIN_OR_REGISTER", email },
        from: o.from,
        headers,
      });
      if (envelope.code === "4290") return i;
      expect(envelope.code, envelope.message).toBe("0000");
    }
    throw new Error("no rate limit after 100 codes");
  }
  const codeFrom = async (base: string, from: string, headers: Record<string, string> = {}) =>
    (
      await call(base, "/api/user/code/send", {
        body: { type: "LOGIN_OR_REGISTER", email: `other-${from}-${Object.keys(headers).length}@example.com` },
        from,
        headers,
      })
    ).envelope.code;

  it("with TRUST_PROXY=1 each client has its own budget and cannot forge another address", async () => {
    const allowed = await exhaustCodes(http1, { from: "127.0.0.2" });
    expect(allowed).toBeGreaterThan(0);
    // A forged X-Forwarded-For is kept in front of the address nginx saw, and the server reads nginx's entry.
    expect(await codeFrom(http1, "127.0.0.2", { "x-forwarded-for": "203.0.113.7" })).toBe("4290");
    // Another client behind the same proxy is not limited by the first one.
    expect(await codeFrom(tls1, "127.0.0.3")).toBe("0000");
  });

  it("with TRUST_PROXY=0 a client's X-Forwarded-For does not change the address the limiter sees", async () => {
    const allowed = await exhaustCodes(direct0, { from: "127.0.0.6", forwardedFor: (i) => `198.51.100.${i + 1}` });
    expect(allowed).toBeGreaterThan(0);
    expect(await codeFrom(direct0, "127.0.0.6", { "x-forwarded-for": "198.51.100.250" })).toBe("4290");
  });

  it("with TRUST_PROXY=0 behind nginx every client shares the proxy's address (why the README asks for 1)", async () => {
    expect(await exhaustCodes(http0, { from: "127.0.0.4" })).toBeGreaterThan(0);
    expect(await codeFrom(tls0, "127.0.0.5")).toBe("4290");
  });
});
