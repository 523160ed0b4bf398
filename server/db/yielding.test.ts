import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yieldBetweenStatements } from "./yielding";

let client: PGlite;
let ping: () => Promise<boolean>;
/** Every statement the engine was handed, in order. */
const executed: string[] = [];

beforeAll(async () => {
  const raw = await PGlite.create({ dataDir: "memory://" });
  const query = raw.query.bind(raw);
  raw.query = ((...args: Parameters<PGlite["query"]>) => {
    executed.push(args[0]);
    return query(...args);
  }) as PGlite["query"];
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
    for (let i = 0; i < 20 && executed.at(-1) !== "select 'after idle'"; i++) await Promise.resolve();
    expect(executed.slice(-2)).toEqual(["select 'before idle'", "select 'after idle'"]);
    await next;
  });

  it("answers the readiness ping before the statements already queued", async () => {
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
