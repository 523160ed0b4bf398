/**
 * /readyz says whether the database answers, not how long the chat turns' statements keep it busy: on PostgreSQL
 * the ping has its own connection outside the pool, on PGlite a transaction between statements (the engine
 * idle, the queue held) does not hold the ping back.
 */
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client";
import { createHttpApp } from "#server/http";
import { startServer, type TestServer } from "#tests/support/server";
import { freshPostgres, seededCopy } from "#tests/support/test-db";

let s: TestServer;
let database: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  s = await startServer();
  const postgres = await freshPostgres(false);
  drop = postgres?.drop;
  database = await openDatabase({
    url: postgres?.url,
    dataDir: "memory://",
    loadDataDir: postgres ? undefined : await seededCopy(),
  });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
  await s?.close();
});

/** Keeps the database as busy as 200 streaming turns can: every pooled connection taken, or a transaction open. */
async function occupy(): Promise<() => Promise<void>> {
  if (database.kind === "postgres") {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const taken = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    return async () => {
      for (const client of taken) client.release();
    };
  }
  let entered!: () => void;
  let leave!: () => void;
  const inside = new Promise<void>((r) => {
    entered = r;
  });
  const gate = new Promise<void>((r) => {
    leave = r;
  });
  const open = database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    entered();
    await gate;
  });
  await inside;
  return async () => {
    leave();
    await open;
  };
}

describe("readiness while the database is busy", () => {
  it("/readyz answers ok without waiting for the busy connections to come free", async () => {
    const free = await occupy();
    try {
      const { app } = createHttpApp(s.deps, database);
      const res = await app.request("/readyz");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", database: database.kind });
    } finally {
      await free();
    }
  });
});
