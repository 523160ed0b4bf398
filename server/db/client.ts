import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Filesystem } from "@electric-sql/pglite/basefs";
import { vector } from "@electric-sql/pglite/vector";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { namePoolStatements } from "./pg-named";
import { cachePoolReads } from "./pg-read-cache";
import * as schema from "./schema";
import { yieldBetweenStatements } from "./yielding";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The read cache's counts (read-cache.ts), null while it is off. */
  cacheStats(): { hits: number; misses: number; entries: number } | null;
  /** PGlite only: the data directory as a tarball that `loadDataDir` opens again (tests copy a seeded one). */
  snapshot?(): Promise<Blob>;
}

const SHARED_BUFFERS = "16MB";

/**
 * A migrated database to start from instead of an empty cluster (tests): PGlite's tarball (unpacked into the data
 * directory), or an in-memory filesystem that already holds the files (tests/support/pglite-copy.ts).
 */
export type DataDirCopy = Blob | Filesystem;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite in dataDir ("memory://" for tests) unless a PostgreSQL URL is given: one code path for both.
 * `loadDataDir` starts PGlite from a copy instead of an empty cluster.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  loadDataDir?: DataDirCopy;
  migrationsFolder?: string;
}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.url) {
    // The PostgreSQL driver loads only in PostgreSQL mode; the embedded mode never needs it.
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    namePoolStatements(pool);
    const cache = cachePoolReads(pool, () => new pg.Client({ connectionString: opts.url }));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const pinger = pingConnection(() => new pg.Client({ connectionString: opts.url }));
    return {
      db,
      kind: "postgres",
      // The read cache starts once the schema it reads (foreign keys, triggers) is final.
      migrate: async () => {
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder });
        await cache.enable();
      },
      ping: pinger.ping,
      cacheStats: cache.stats,
      close: async () => {
        await cache.close();
        await pinger.close();
        await pool.end();
      },
    };
  }
  const dataDir = opts.dataDir === "memory://" ? "memory://" : path.join(opts.dataDir, "pglite");
  // pgvector for knowledge search (the migration enables it; PostgreSQL servers without it fall back to arrays).
  const client = await PGlite.create({
    dataDir,
    extensions: { vector },
    ...(opts.loadDataDir instanceof Blob ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.loadDataDir && !(opts.loadDataDir instanceof Blob) ? { fs: opts.loadDataDir } : {}),
    // initdb sizes shared_buffers at 160 MB, and PGlite's start touches all of it: that was a third of the idle
    // process. Files are read through the operating system's page cache anyway, so a small pool costs little.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`],
  });
  const queued = yieldBetweenStatements(client);
  const db = drizzlePglite(queued.client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // The read cache starts once the schema it reads (foreign keys, triggers) is final.
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      await queued.enableCache();
    },
    // The readiness ping goes before queued chat statements: a real query, answered without their wait.
    ping: queued.ping,
    cacheStats: queued.cacheStats,
    close: () => client.close(),
    snapshot: () => client.dumpDataDir("none"),
  };
}

interface PingClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: "error", listener: (err: Error) => void): unknown;
}

/**
 * The readiness ping's own PostgreSQL connection, outside the pool: with every pooled connection taken by chat
 * turns, a ping queued behind them measured the pool's wait, not whether the database answers. Connected at the
 * first ping; a failed or broken connection is dropped and the next ping connects anew. Pings arriving while
 * one runs share its answer.
 */
function pingConnection(newClient: () => PingClient) {
  let client: Promise<PingClient> | null = null;
  let inFlight: Promise<boolean> | null = null;
  const drop = (c: Promise<PingClient>) => {
    if (client !== c) return;
    client = null;
    void c.then((conn) => conn.end()).catch(() => {});
  };
  const connect = () => {
    const conn = newClient();
    const c = conn.connect().then(() => conn);
    // A connection the server closed (restart, idle timeout) errors here; the next ping reconnects.
    conn.on("error", () => drop(c));
    return c;
  };
  const once = async () => {
    client ??= connect();
    const c = client;
    try {
      await (await c).query("select 1");
      return true;
    } catch {
      drop(c);
      return false;
    }
  };
  return {
    ping() {
      inFlight ??= once().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    async close() {
      const c = client;
      client = null;
      if (c) await c.then((conn) => conn.end()).catch(() => {});
    },
  };
}
