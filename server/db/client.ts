import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite/vector";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
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
  /** PGlite only: the data directory as a tarball that `loadDataDir` opens again (tests copy a seeded one). */
  snapshot?(): Promise<Blob>;
}

const SHARED_BUFFERS = "16MB";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite in dataDir ("memory://" for tests) unless a PostgreSQL URL is given: one code path for both.
 * `loadDataDir` starts PGlite from a snapshot instead of an empty cluster.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string;
  loadDataDir?: Blob;
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
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder: folder }),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir === "memory://" ? "memory://" : path.join(opts.dataDir, "pglite");
  // pgvector for knowledge search (the migration enables it; PostgreSQL servers without it fall back to arrays).
  const client = await PGlite.create({
    dataDir,
    extensions: { vector },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    // initdb sizes shared_buffers at 160 MB, and PGlite's start touches all of it: that was a third of the idle
    // process. Files are read through the operating system's page cache anyway, so a small pool costs little.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`],
  });
  const queued = yieldBetweenStatements(client);
  const db = drizzlePglite(queued.client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    // The readiness ping goes before queued chat statements: a real query, answered without their wait.
    ping: queued.ping,
    close: () => client.close(),
    snapshot: () => client.dumpDataDir("none"),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
