import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client";
import { freshPostgres } from "../support/test-db";

/**
 * The read cache on PostgreSQL (server/db/pg-read-cache.ts), with two processes on one database: each is a
 * `Database` of its own (its own pool, cache and listener), as the server and `npm run worker` are. A process sees
 * its own writes at once and the other's once the notification arrives; a transaction's write once it commits;
 * and while its listener is lost it caches nothing. Texts asked again run as named statements (server/db/pg-named.ts).
 * The embedded database has one process, so this needs PostgreSQL: CI runs tests/api again with
 * TEST_DATABASE_URL, and there it runs (chat-cache.test.ts checks the cache through the API on both databases).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let fresh: Awaited<ReturnType<typeof freshPostgres>>;
let a: Database;
let b: Database;
let tenantId: number;

const nameIn = async (db: Database) => {
  const { rows } = (await db.db.execute(sql`select "name" from "tenant" where "id" = ${tenantId}`)) as unknown as {
    rows: { name: string }[];
  };
  return rows[0]?.name;
};
/** Whether a read of the name is answered by the cache. */
const servedFromCache = async (db: Database) => {
  const hits = db.cacheStats()?.hits ?? 0;
  await nameIn(db);
  return (db.cacheStats()?.hits ?? 0) > hits;
};
const rename = (db: Database, name: string) =>
  db.db.execute(sql`update "tenant" set "name" = ${name} where "id" = ${tenantId}`);

beforeAll(async () => {
  if (!onPostgres) return;
  fresh = await freshPostgres(true);
  const url = fresh?.url as string;
  [a, b] = await Promise.all([openDatabase({ url, dataDir: "" }), openDatabase({ url, dataDir: "" })]);
  await a.migrate();
  await b.migrate();
  const { rows } = (await a.db.execute(sql`select "id" from "tenant" order by "id" limit 1`)) as unknown as {
    rows: { id: number }[];
  };
  tenantId = rows[0]?.id as number;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await fresh?.drop();
});

describe.skipIf(!onPostgres)("the read cache on PostgreSQL", () => {
  it("answers a repeated read from the cache, and sees this process's own write at once", async () => {
    await rename(a, "甲");
    expect(await nameIn(a)).toBe("甲");
    // The write's own notification reaches this process too, a moment later, and may drop what was read before it.
    await expect.poll(() => servedFromCache(a)).toBe(true);
    expect(await nameIn(a)).toBe("甲");
    await rename(a, "乙");
    expect(await nameIn(a)).toBe("乙");
  });

  it("sees the other process's write once its notification arrives", async () => {
    expect(await nameIn(a)).toBe("乙");
    expect(await nameIn(b)).toBe("乙");
    // Kept by this process: only the notification can tell it of the change.
    await expect.poll(() => servedFromCache(a)).toBe(true);
    await rename(b, "丙");
    expect(await nameIn(b)).toBe("丙");
    await expect.poll(() => nameIn(a)).toBe("丙");
  });

  it("sees a transaction's write once it commits, and keeps nothing read inside it", async () => {
    expect(await nameIn(a)).toBe("丙");
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`update "tenant" set "name" = '丁' where "id" = ${tenantId}`);
      const { rows } = (await tx.execute(sql`select "name" from "tenant" where "id" = ${tenantId}`)) as unknown as {
        rows: { name: string }[];
      };
      expect(rows[0]?.name).toBe("丁");
      // Outside the transaction the change is not committed yet.
      expect(await nameIn(a)).toBe("丙");
    });
    expect(await nameIn(a)).toBe("丁");
    await expect.poll(() => nameIn(b)).toBe("丁");
  });

  it("keeps no read of a table while its own open transaction writes it, so a fresh read and a kept one cannot disagree", async () => {
    expect(await nameIn(a)).toBe("丁");
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`update "tenant" set "name" = '戊' where "id" = ${tenantId}`);
      // Read outside the transaction, before its commit: the old name, not kept. Kept, it would be served in the
      // moment between the server's commit and this process hearing of it, beside fresh reads of the new name.
      expect(await nameIn(a)).toBe("丁");
      expect(await servedFromCache(a)).toBe(false);
    });
    expect(await nameIn(a)).toBe("戊");
    await expect.poll(() => servedFromCache(a)).toBe(true);
  });

  it("caches nothing while its listener is lost, and caches again once it has listened anew", async () => {
    const admin = new pg.Client({ connectionString: fresh?.url });
    await admin.connect();
    try {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => a.cacheStats()).toBeNull();
    await rename(b, "戊");
    expect(await nameIn(a)).toBe("戊");
    await expect.poll(() => a.cacheStats(), { timeout: 10_000 }).not.toBeNull();
    await expect.poll(() => b.cacheStats(), { timeout: 10_000 }).not.toBeNull();
    expect(await nameIn(a)).toBe("戊");
    await rename(b, "己");
    await expect.poll(() => nameIn(a)).toBe("己");
  });

  it("names a statement asked again, and runs it unnamed once its table's columns changed", async () => {
    await a.db.execute(sql`create table named_probe (id int)`);
    await a.db.execute(sql`insert into named_probe values (1)`);
    const all = async () =>
      ((await a.db.execute(sql`select * from named_probe`)) as unknown as { rows: unknown[] }).rows;
    for (let i = 0; i < 3; i++) expect(await all()).toEqual([{ id: 1 }]);
    // The pool prepared the text on its connections; PostgreSQL now refuses that plan (it returns other columns).
    await a.db.execute(sql`alter table named_probe add column note text default 'x'`);
    expect(await all()).toEqual([{ id: 1, note: "x" }]);
    expect(await all()).toEqual([{ id: 1, note: "x" }]);
  });
});
