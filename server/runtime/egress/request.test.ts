import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closePeers,
  failure,
  listen,
  loopbackResolver,
  type Peer,
  redirecting,
  secretKeeping,
  twoMegabytes,
} from "#tests/fixtures/http-peers";
import type { EgressError } from "./errors";
import type { Resolver } from "./guard";
import { guardedRequest } from "./request";

/**
 * The Node-level guarded request (what the model stream reads): the same guards as guardedFetch, checked on its
 * own answers — status, headers and the body's chunks — rather than through a web Response.
 */
let internal: Peer;
let redirector: Peer;
let big: Peer;
let silent: Peer;
let drip: Peer;
let cut: Peer;
/** Answers the first request on each connection and drops the connection at the second, as a peer closing an idle
 * kept-alive connection at the moment a request is sent on it. */
let idleClosing: Peer;
/** Drops every connection without an answer. */
let dropping: Peer;
/** Responses of `drip` that closed before their end (the client went away). */
const dripsClosed: string[] = [];

beforeAll(async () => {
  internal = await listen(secretKeeping);
  redirector = await listen(redirecting);
  big = await listen(twoMegabytes);
  silent = await listen(() => {});
  drip = await listen((req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("data: one\n\n");
    res.once("close", () => {
      if (!res.writableEnded) dripsClosed.push(req.url ?? "");
    });
  });
  cut = await listen((_req, res) => {
    res.writeHead(200, { "content-length": "100" });
    res.write("part");
    setImmediate(() => res.destroy());
  });
  const requestsOn = new WeakMap<object, number>();
  idleClosing = await listen((req, res) => {
    const n = (requestsOn.get(req.socket) ?? 0) + 1;
    requestsOn.set(req.socket, n);
    if (n > 1) req.socket.destroy();
    else res.end("answered");
  });
  dropping = await listen((req) => req.socket.destroy());
});
afterAll(() => closePeers([internal, redirector, big, silent, drip, cut, idleClosing, dropping]));

const egressFailure = (promise: Promise<unknown>) => failure<EgressError>(promise);

async function readAll(chunks: AsyncIterable<Buffer>) {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts).toString("utf8");
}

describe("guardedRequest", () => {
  it("refuses loopback unless EGRESS_ALLOW opens it; then sends method, headers and body and reads the answer", async () => {
    const before = internal.seen.length;
    const refused = await egressFailure(guardedRequest({ EGRESS_ALLOW: "" })(`${internal.url}/v1`));
    expect(refused).toMatchObject({ reason: "refused", message: expect.stringContaining("EGRESS_ALLOW") });
    expect(internal.seen.length).toBe(before);

    const res = await guardedRequest({ EGRESS_ALLOW: "127.0.0.1" })(`${internal.url}/v1/chat?x=1`, {
      method: "POST",
      headers: { Authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res).toMatchObject({ status: 200, url: `${internal.url}/v1/chat?x=1` });
    expect(res.headers).toMatchObject({ "content-type": "text/plain", "x-seen-auth": "Bearer k" });
    expect(await readAll(res.body)).toBe('internal secret POST {"a":1}');
    expect(internal.seen.at(-1)).toMatchObject({ path: "/v1/chat?x=1", body: '{"a":1}' });
  });

  it("connects to the address it checked (no second lookup that DNS rebinding could answer)", async () => {
    const { lookups, resolve } = loopbackResolver();
    const res = await guardedRequest(
      { EGRESS_ALLOW: "rebind.test" },
      { resolve },
    )(`http://rebind.test:${internal.port}/x`);
    expect(await res.body.text()).toBe("internal secret GET ");
    expect(lookups).toEqual(["rebind.test"]);
  });

  it("checks every redirect hop, drops credentials across origins and follows at most 5", async () => {
    const { resolve } = loopbackResolver();
    const request = guardedRequest({ EGRESS_ALLOW: "allowed.test" }, { resolve });
    const before = internal.seen.length;
    const to = encodeURIComponent(`${internal.url}/secret`);
    for (const status of [301, 302, 307, 308]) {
      const error = await egressFailure(request(`http://allowed.test:${redirector.port}/?status=${status}&to=${to}`));
      expect(error).toMatchObject({ reason: "refused", message: expect.stringContaining("127.0.0.1") });
    }
    expect(internal.seen.length).toBe(before);

    const open = guardedRequest({ EGRESS_ALLOW: "127.0.0.1" });
    const crossed = await open(`${redirector.url}/?status=307&to=${encodeURIComponent(`${internal.url}/cross`)}`, {
      method: "POST",
      headers: { authorization: "Bearer secret-key" },
      body: "hi",
    });
    expect(await crossed.body.text()).toBe("internal secret POST hi");
    expect(internal.seen.at(-1)).toMatchObject({ path: "/cross", authorization: undefined });

    const hops = redirector.seen.length;
    expect(await egressFailure(open(`${redirector.url}/loop`))).toMatchObject({ reason: "redirects" });
    expect(redirector.seen.length - hops).toBe(6);
  });

  it("fails the body past the size cap, and reads a body under it whole", async () => {
    const res = await guardedRequest({ EGRESS_ALLOW: "127.0.0.1" }, { maxResponseBytes: 1024 * 1024 })(big.url);
    expect(await egressFailure(readAll(res.body))).toMatchObject({
      reason: "too-large",
      message: "对方返回的内容过大（超过 1 MB）",
    });
    const whole = await guardedRequest({ EGRESS_ALLOW: "127.0.0.1" })(big.url);
    expect((await readAll(whole.body)).length).toBe(2 * 1024 * 1024);
  });

  it("answers a silent peer like a closed port, and ends a body that stalls past the total timeout", async () => {
    const closed = await listen(() => {});
    await closePeers([closed]);
    const request = guardedRequest({ EGRESS_ALLOW: "127.0.0.1" }, { headersTimeoutMs: 200 });
    const refusedPort = await egressFailure(request(closed.url));
    expect(refusedPort).toMatchObject({ reason: "unreachable", message: "无法连接到该地址，请检查地址与网络" });
    expect(await egressFailure(request(silent.url))).toMatchObject({
      reason: refusedPort!.reason,
      message: refusedPort!.message,
    });

    const res = await guardedRequest({ EGRESS_ALLOW: "127.0.0.1" }, { totalTimeoutMs: 300 })(`${drip.url}/stalls`);
    expect(await egressFailure(readAll(res.body))).toMatchObject({
      reason: "timeout",
      message: "对方响应超时，请稍后再试",
    });
  });

  it("takes a request's own total timeout instead of the client's", async () => {
    const request = guardedRequest({ EGRESS_ALLOW: "127.0.0.1" }, { totalTimeoutMs: 600_000 });
    const res = await request(`${drip.url}/own-timeout`, { totalTimeoutMs: 300 });
    expect(await egressFailure(readAll(res.body))).toMatchObject({ reason: "timeout" });
  });

  it("honours the caller's abort before the answer and while the body streams", async () => {
    const request = guardedRequest({ EGRESS_ALLOW: "127.0.0.1" });
    const early = new AbortController();
    const pending = request(silent.url, { signal: early.signal });
    early.abort();
    expect(await failure(pending)).toMatchObject({ name: "AbortError" });

    const late = new AbortController();
    const res = await request(`${drip.url}/aborted`, { signal: late.signal });
    const chunks: string[] = [];
    const read = failure(
      (async () => {
        for await (const c of res.body) {
          chunks.push(c.toString());
          late.abort(new Error("stopped by the caller"));
        }
      })(),
    );
    expect(await read).toMatchObject({ message: "stopped by the caller" });
    expect(chunks).toEqual(["data: one\n\n"]);
    await expect.poll(() => dripsClosed).toContain("/aborted");
  });

  it("sends nothing when the caller aborts while the name is being resolved", async () => {
    const caller = new AbortController();
    let resolving = false;
    const resolve: Resolver = async () => {
      resolving = true;
      await new Promise((settled) => caller.signal.addEventListener("abort", settled, { once: true }));
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const before = internal.seen.length;
    const pending = guardedRequest({ EGRESS_ALLOW: "slow-dns.test" }, { resolve })(
      `http://slow-dns.test:${internal.port}/never`,
      { signal: caller.signal },
    );
    await expect.poll(() => resolving).toBe(true);
    caller.abort(new Error("stopped while resolving"));
    expect(await failure(pending)).toMatchObject({ message: "stopped while resolving" });
    // A request that went out would have been answered by now: the peer answers at once.
    await guardedRequest({ EGRESS_ALLOW: "127.0.0.1" })(`${internal.url}/after`).then((r) => r.body.text());
    expect(internal.seen.slice(before).map((s) => s.path)).toEqual(["/after"]);
  });

  it("drops the connection when the reader leaves early, and reports a peer that cuts the body", async () => {
    const request = guardedRequest({ EGRESS_ALLOW: "127.0.0.1" });
    const res = await request(`${drip.url}/left`);
    for await (const c of res.body) {
      expect(c.toString()).toBe("data: one\n\n");
      break;
    }
    await expect.poll(() => dripsClosed).toContain("/left");

    const error = await failure<Error>(readAll((await request(cut.url)).body));
    expect(`${error?.message} ${(error as { code?: string })?.code}`).toMatch(/terminated|aborted|ECONNRESET/);
  });

  it("sends again on a new connection when a kept-alive one is closed as the request goes out, and only then", async () => {
    const request = guardedRequest({ EGRESS_ALLOW: "127.0.0.1" });
    const post = { method: "POST", body: "{}" };
    expect(await readAll((await request(`${idleClosing.url}/first`, post)).body)).toBe("answered");
    expect(await readAll((await request(`${idleClosing.url}/second`, post)).body)).toBe("answered");
    // The second went out on the kept connection, which the peer closed, then once more on a new one.
    expect(idleClosing.seen.map((s) => s.path)).toEqual(["/first", "/second", "/second"]);

    // A new connection that fails is the peer's answer: not sent twice.
    expect(await egressFailure(request(`${dropping.url}/once`, post))).toMatchObject({ reason: "unreachable" });
    expect(dropping.seen.map((s) => s.path)).toEqual(["/once"]);
  });
});
