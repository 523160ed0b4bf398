/**
 * /healthz and /readyz are answered before the middlewares and the router (server/http.ts): they must still carry
 * every security header a non-/api answer carries, answer HEAD like GET without a body, and leave other methods
 * to the router.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#server/db/client";
import { createHttpApp } from "#server/http";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

/** The headers an answer carries, without those that describe its body or connection. */
const securityHeadersOf = (res: Response) =>
  Object.fromEntries(
    [...res.headers].filter(
      ([name]) => !["content-type", "content-length", "date", "connection", "keep-alive"].includes(name),
    ),
  );

describe("health checks", () => {
  it.each(["/healthz", "/readyz"])("%s carries exactly the headers of any other non-/api answer", async (path) => {
    const routed = await fetch(`${s.url}/no-such-page`);
    expect(routed.status).toBe(404);
    const health = await fetch(s.url + path);
    expect(health.status).toBe(200);
    expect(health.headers.get("content-type")).toBe("application/json");
    expect(securityHeadersOf(health)).toEqual(securityHeadersOf(routed));
    expect(securityHeadersOf(health)).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff" });
  });

  it("answers HEAD like GET, without a body", async () => {
    const get = await fetch(`${s.url}/healthz`);
    const head = await fetch(`${s.url}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(securityHeadersOf(head)).toEqual(securityHeadersOf(get));
    expect(await get.json()).toEqual({ status: "ok" });
  });

  it("leaves other methods to the router", async () => {
    const res = await fetch(`${s.url}/healthz`, { method: "POST" });
    expect(res.status).toBe(404);
  });
});

/** A database whose pings the test answers one by one; `pings` counts them. */
function scriptedDatabase() {
  const answers: ((ready: boolean) => void)[] = [];
  const database = {
    kind: "pglite",
    pings: 0,
    ping: () =>
      new Promise<boolean>((resolve) => {
        database.pings += 1;
        answers.push(resolve);
      }),
  };
  const answerNext = (ready: boolean) => answers.shift()?.(ready);
  return { database, answerNext, app: createHttpApp(s.deps, database as unknown as Database).app };
}

describe("readiness", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks arriving while a ping runs share it, and an answer stands for a moment without another ping", async () => {
    vi.useFakeTimers({ toFake: ["performance", "setTimeout", "clearTimeout"] });
    const { database, answerNext, app } = scriptedDatabase();
    const first = app.request("/readyz");
    const second = app.request("/readyz");
    await vi.waitFor(() => expect(database.pings).toBe(1));
    answerNext(true);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    vi.advanceTimersByTime(999);
    expect((await app.request("/readyz")).status).toBe(200);
    expect(database.pings).toBe(1);
    vi.advanceTimersByTime(1);
    const third = app.request("/readyz");
    await vi.waitFor(() => expect(database.pings).toBe(2));
    answerNext(true);
    expect((await third).status).toBe(200);
  });

  it("a database that stops answering reads as not ready once its last answer is stale, within the timeout", async () => {
    vi.useFakeTimers({ toFake: ["performance", "setTimeout", "clearTimeout"] });
    const { database, answerNext, app } = scriptedDatabase();
    const ready = app.request("/readyz");
    await vi.waitFor(() => expect(database.pings).toBe(1));
    answerNext(true);
    expect((await ready).status).toBe(200);
    vi.advanceTimersByTime(1_000);
    const stuck = app.request("/readyz");
    await vi.waitFor(() => expect(database.pings).toBe(2));
    await vi.advanceTimersByTimeAsync(2_000);
    const res = await stuck;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: "pglite" });
  });

  it("a failed ping is not kept: the next check pings again", async () => {
    const { database, answerNext, app } = scriptedDatabase();
    const down = app.request("/readyz");
    await vi.waitFor(() => expect(database.pings).toBe(1));
    answerNext(false);
    expect((await down).status).toBe(503);
    const up = app.request("/readyz");
    await vi.waitFor(() => expect(database.pings).toBe(2));
    answerNext(true);
    expect((await up).status).toBe(200);
  });

  it("a ping that throws reads as not ready", async () => {
    const broken = { kind: "pglite", ping: () => Promise.reject(new Error("engine gone")) } as unknown as Database;
    const res = await createHttpApp(s.deps, broken).app.request("/readyz");
    expect(res.status).toBe(503);
  });
});
