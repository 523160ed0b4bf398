/**
 * Each API test file gets its own database, copied from one migrated and seeded at the start of the run
 * (tests/support/global-setup.ts) rather than migrating and seeding it again.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { type DataDirEntry, SeededMemoryFS, untar } from "./pglite-copy";

export const ADMIN_PASSWORD = "Admin#Pass2026";
/** Where globalSetup left the seeded PGlite tarball, and the name of the seeded PostgreSQL template. */
export const SNAPSHOT_ENV = "TEST_DB_SNAPSHOT";
export const TEMPLATE_ENV = "TEST_DB_TEMPLATE";

/** The settings the seed reads: the copied database holds an admin whose password is ADMIN_PASSWORD. */
export const seedEnv = {
  NODE_ENV: "test",
  DATA_DIR: "memory://",
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  ADMIN_PASSWORD,
  // API tests start from an empty square and no default agent; tests/api/first-run*.test.ts seed them.
  SEED_EXAMPLES: "0",
};

let snapshot: Promise<Blob> | undefined;
/** The seeded data directory, read once per worker; undefined outside a Vitest run (the benchmarks). */
export function seededSnapshot(): Promise<Blob> | undefined {
  const file = process.env[SNAPSHOT_ENV];
  if (!file) return undefined;
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return snapshot;
}

let entries: Promise<DataDirEntry[]> | undefined;
/**
 * A copy of the seeded database for one in-memory server (the tarball parsed once per worker); undefined
 * outside a Vitest run.
 */
export async function seededCopy(): Promise<SeededMemoryFS | undefined> {
  const file = process.env[SNAPSHOT_ENV];
  if (!file) return undefined;
  entries ??= readFile(file).then((bytes) => untar(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)));
  return new SeededMemoryFS(await entries);
}

/**
 * A throwaway database on the PostgreSQL named by TEST_DATABASE_URL (copied from the seeded template when
 * `fromTemplate`), or undefined for in-memory PGlite.
 */
export async function freshPostgres(
  fromTemplate: boolean,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const template = fromTemplate ? process.env[TEMPLATE_ENV] : undefined;
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pool.end() resolves before its connections have closed; forcing the drop at once would kill them
    // mid-goodbye (57P01, an unhandled error). Wait for them to go, forcing only as a last resort.
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}${attempt >= 50 ? " with (force)" : ""}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
