import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { yieldBetweenStatements } from "./yielding";

let client: PGlite;
let ping: () => Promise<boolean>;
/** Every statement the engine was handed, in order. */
const executed: string[] = [];
const ABORTED = "select 'the engine has aborted'";
/** A message through the protocol API: a named statement's, or PGlite's own for a plain query. */
const PROTOCOL = "(protocol message)";

beforeAll(async () => {
  const raw = await PGlite.create({ dataDir: "memory://" });
  const query = raw.query.bind(raw);
  raw.query = ((...args: Parameters<PGlite["query"]>) => {
    executed.push(args[0]);
    // An engine that aborted fails without an SQLSTATE (a WebAssembly RuntimeError).
    if (args[0] === ABORTED) return Promise.reject(new Error("RuntimeError: unreachable"));
    return query(...args);
  }) as PGlite["query"];
  // Named statements (texts asked again) reach the engine through its protocol API.
  const stream = raw.execProtocolStream.bind(raw);
  raw.execProtocolStream = ((...args: Parameters<PGlite["execProtocolStream"]>) => {
    executed.push(PROTOCOL);
    return stream(...args);
  }) as PGlite["execProtocolStream"];
  ({ client, ping } = yieldBetweenStatements(raw));
  await client.query("create table t (n int)");
});

afterAll(() => client.close());

/**
 * A statement that keeps the (synchronous) database busy for a moment; each call differs, since identical reads
 * waiting together share one execution.
 */
let calls = 0;
const busy = () => client.query("select count(*) from generate_series(1, $1::int)", [5000 + calls++]);

/** Moves the queue's clock past the readiness ping's freshness window, as if the engine had been quiet since. */
let quietUntil = 0;
function quiet() {
  // A faked clock starts at 0: it is moved past every time the queue has seen, real or faked.
  quietUntil = Math.max(quietUntil, performance.now()) + 60_000;
  vi.useFakeTimers({ toFake: ["performance"] });
  vi.advanceTimersByTime(quietUntil);
}
afterEach(() => {
  vi.useRealTimers();
});

describe("yieldBetweenStatements", () => {
  it("lets the event loop run between concurrent statements instead of running them all in one turn", async () => {
    let finished = 0;
    const all = Array.from({ length: 100 }, () => busy().then(() => finished++));
    const seenByLoop = await new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(all);
    expect(seenByLoop).toBeLessThan(100);
    expect(finished).toBe(100);
  });

  it("runs a statement on an idle queue at once, without waiting for a loop turn", async () => {
    await client.query("select 'before idle'");
    // Idle: a loop turn (and more than a slice) passes with nothing queued.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const next = client.query("select 'after idle'");
    // Microtasks only: no timer, setImmediate or I/O runs in this loop.
    const statements = () => executed.filter((e) => e !== PROTOCOL);
    for (let i = 0; i < 20 && statements().at(-1) !== "select 'after idle'"; i++) await Promise.resolve();
    expect(statements().slice(-2)).toEqual(["select 'before idle'", "select 'after idle'"]);
    await next;
  });

  it("answers the readiness ping before the statements already queued", async () => {
    quiet();
    const order: string[] = [];
    const queued = Array.from({ length: 100 }, (_, i) => busy().then(() => order.push(`q${i}`)));
    const pinged = ping().then((ok) => order.push(ok ? "ping" : "ping failed"));
    await Promise.all([...queued, pinged]);
    expect(order.indexOf("ping")).toBeLessThan(order.indexOf("q99"));
    expect(order.filter((o) => o.startsWith("q"))).toEqual(Array.from({ length: 100 }, (_, i) => `q${i}`));
  });

  it("keeps a transaction whole while other statements wait, and rolls it back on failure", async () => {
    const inserts = client.transaction(async (tx) => {
      for (let n = 0; n < 50; n++) await tx.query("insert into t values ($1)", [n]);
      return (await tx.query<{ c: number }>("select count(*)::int as c from t")).rows[0]?.c;
    });
    const outside = client.query<{ c: number }>("select count(*)::int as c from t");
    expect(await inserts).toBe(50);
    expect((await outside).rows[0]?.c).toBe(50);
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into t values (99)");
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await client.query<{ c: number }>("select count(*)::int as c from t")).rows[0]?.c).toBe(50);
  });
});

describe("the readiness ping", () => {
  it("takes an answer of the last second as proof of life, without a statement of its own", async () => {
    await client.query("select 'just answered'");
    const before = executed.length;
    expect(await ping()).toBe(true);
    expect(executed.length).toBe(before);
  });

  it("takes the engine's refusal of a statement as an answer too", async () => {
    quiet();
    await expect(client.query("select * from no_such_table")).rejects.toMatchObject({ code: "42P01" });
    const before = executed.length;
    expect(await ping()).toBe(true);
    expect(executed.length).toBe(before);
  });

  it("asks the engine itself when the last statement failed without its answer", async () => {
    quiet();
    await expect(client.query(ABORTED)).rejects.toThrow("unreachable");
    const before = executed.length;
    expect(await ping()).toBe(true);
    expect(executed.length).toBeGreaterThan(before);
  });
});
