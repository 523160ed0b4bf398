import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closePeers,
  failure as failed,
  listen,
  loopbackResolver,
  type Peer,
  redirecting,
  secretKeeping,
  twoMegabytes,
} from "#tests/fixtures/http-peers";
import type { EgressError } from "./errors";
import { guardedFetch } from "./fetch";

const portOf = (l: Peer) => l.port;
const { lookups, resolve } = loopbackResolver();

let internal: Peer;
let redirector: Peer;
let big: Peer;
let silent: Peer;
let stalls: Peer;

beforeAll(async () => {
  internal = await listen(secretKeeping);
  redirector = await listen(redirecting);
  big = await listen(twoMegabytes);
  silent = await listen(() => {});
  stalls = await listen((_req, res) => {
    res.writeHead(200);
    res.write("first part");
  });
});
afterAll(() => closePeers([internal, redirector, big, silent, stalls]));

const failure = (promise: Promise<unknown>) => failed<EgressError>(promise);

describe("guardedFetch", () => {
  it("refuses loopback unless EGRESS_ALLOW opens it; then it behaves like fetch", async () => {
    const before = internal.seen.length;
    const refused = await failure(guardedFetch({ EGRESS_ALLOW: "" })(`${internal.url}/v1`));
    expect(refused).toMatchObject({ reason: "refused", message: expect.stringContaining("EGRESS_ALLOW") });
    expect(internal.seen.length).toBe(before);

    const open = guardedFetch({ EGRESS_ALLOW: "127.0.0.1" });
    const res = await open(`${internal.url}/v1/chat?x=1`, {
      method: "POST",
      headers: { authorization: "Bearer k", "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(await res.text()).toBe('internal secret POST {"a":1}');
    expect(internal.seen.at(-1)).toMatchObject({ path: "/v1/chat?x=1", authorization: "Bearer k" });
  });

  it("connects to the address it checked (no second lookup that DNS rebinding could answer)", async () => {
    lookups.length = 0;
    const open = guardedFetch({ EGRESS_ALLOW: "rebind.test" }, { resolve });
    const res = await open(`http://rebind.test:${portOf(internal)}/x`);
    expect(await res.text()).toBe("internal secret GET ");
    // One lookup by the guard; the socket used the pinned answer (the system resolver knows no rebind.test).
    expect(lookups).toEqual(["rebind.test"]);
  });

  it("checks every redirect hop: an allowed host cannot redirect to a loopback port", async () => {
    const open = guardedFetch({ EGRESS_ALLOW: "allowed.test" }, { resolve });
    const before = internal.seen.length;
    const to = encodeURIComponent(`${internal.url}/secret`);
    for (const status of [301, 302, 303, 307, 308]) {
      const error = await failure(open(`http://allowed.test:${portOf(redirector)}/?status=${status}&to=${to}`));
      expect(error).toMatchObject({ reason: "refused", message: expect.stringContaining("127.0.0.1") });
    }
    expect(internal.seen.length).toBe(before);
  });

  it("follows at most 5 redirects", async () => {
    const open = guardedFetch({ EGRESS_ALLOW: "127.0.0.1" });
    const before = redirector.seen.length;
    const error = await failure(open(`${redirector.url}/loop`));
    expect(error).toMatchObject({ reason: "redirects", message: "重定向次数过多（最多 5 次）" });
    expect(redirector.seen.length - before).toBe(6);
  });

  it("keeps credentials on same-origin redirects and drops them across origins; 303 turns POST into GET", async () => {
    const open = guardedFetch({ EGRESS_ALLOW: "127.0.0.1,other.test" }, { resolve });
    const init = { method: "POST", headers: { authorization: "Bearer secret-key", "x-api-key": "k" }, body: "hi" };
    // Another port is another origin: the key stays behind, the 307 keeps method and body.
    const otherPort = encodeURIComponent(`${internal.url}/cross`);
    await (await open(`${redirector.url}/?status=307&to=${otherPort}`, init)).text();
    expect(internal.seen.at(-1)).toMatchObject({
      path: "/cross",
      authorization: undefined,
      method: "POST",
      body: "hi",
    });

    await (await open(`${redirector.url}/?status=308&to=${encodeURIComponent("/final")}`, init)).text();
    expect(redirector.seen.at(-1)).toMatchObject({ path: "/final", authorization: "Bearer secret-key", body: "hi" });

    const other = `http://other.test:${portOf(internal)}/see-other`;
    await (await open(`${redirector.url}/?status=303&to=${encodeURIComponent(other)}`, init)).text();
    expect(internal.seen.at(-1)).toMatchObject({ method: "GET", body: "", authorization: undefined });
  });

  it("caps the response size", async () => {
    const open = guardedFetch({ EGRESS_ALLOW: "127.0.0.1" }, { maxResponseBytes: 1024 * 1024 });
    const res = await open(big.url);
    const error = await failure(res.arrayBuffer());
    expect(error).toMatchObject({ reason: "too-large", message: "对方返回的内容过大（超过 1 MB）" });
    const whole = await guardedFetch({ EGRESS_ALLOW: "127.0.0.1" })(big.url);
    expect((await whole.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
  });

  it("answers a silent peer exactly like a closed port, so replies cannot map ports", async () => {
    const open = guardedFetch({ EGRESS_ALLOW: "127.0.0.1" }, { headersTimeoutMs: 200 });
    const closed = await listen(() => {});
    await new Promise((r) => closed.server.close(r));
    const refusedPort = await failure(open(closed.url));
    const silentPort = await failure(open(silent.url));
    const unknownName = await failure(open("http://no-such-host.invalid/"));
    expect(refusedPort).toMatchObject({ reason: "unreachable", message: "无法连接到该地址，请检查地址与网络" });
    expect(silentPort).toMatchObject({ reason: refusedPort!.reason, message: refusedPort!.message });
    expect(unknownName).toMatchObject({ reason: refusedPort!.reason, message: refusedPort!.message });
  });

  it("ends a body that stalls past the total timeout, and honours the caller's abort", async () => {
    const open = guardedFetch({ EGRESS_ALLOW: "127.0.0.1" }, { totalTimeoutMs: 300 });
    const res = await open(stalls.url);
    expect(await failure(res.text())).toMatchObject({ reason: "timeout", message: "对方响应超时，请稍后再试" });

    const controller = new AbortController();
    const pending = guardedFetch({ EGRESS_ALLOW: "127.0.0.1" })(silent.url, { signal: controller.signal });
    controller.abort();
    expect(await failure(pending)).toMatchObject({ name: "AbortError" });
  });
});
