/**
 * Each API test file gets its own database, copied from one migrated and seeded at the start of the run
 * (tests/support/global-setup.ts) rather than migrating and seeding it again.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type DataDirEntry, SeededMemoryFS, untar } from "./pglite-copy";

export const ADMIN_PASSWORD = "Admin#Pass2026";
/** The directory where globalSetup has the seeded copies made, and the name of the seeded PostgreSQL template. */
export const SEED_DIR_ENV = "TEST_DB_DIR";
export const TEMPLATE_ENV = "TEST_DB_TEMPLATE";
/** The prefix of this run's PostgreSQL databases, so global teardown can drop any a worker left behind. */
export const RUN_PREFIX_ENV = "TEST_DB_PREFIX";

/** What tests/support/seed.ts writes into the seed directory. */
export const seedFiles = (dir: string) => ({
  /** The seeded PGlite data directory as a tarball (PGlite's dumpDataDir). */
  tarball: path.join(dir, "seeded.tar"),
  /** The same unpacked on disk: what a server keeps in DATA_DIR (`pglite/`), for child servers to copy. */
  dataDir: path.join(dir, "data-dir"),
  done: path.join(dir, "done"),
  failed: path.join(dir, "failed"),
});

let ready: Promise<ReturnType<typeof seedFiles> | undefined> | undefined;
/**
 * The run's seeded copies once tests/support/seed.ts has made them (it runs alongside the first test files);
 * undefined outside a Vitest run (the benchmarks), where servers migrate and seed their own database.
 */
export function seeded() {
  ready ??= (async () => {
    const dir = process.env[SEED_DIR_ENV];
    if (!dir) return undefined;
    const files = seedFiles(dir);
    while (!existsSync(files.done)) {
      if (existsSync(files.failed)) throw new Error(`seeding failed: ${await readFile(files.failed, "utf8")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return files;
  })();
  return ready;
}

/** The settings the seed reads: the copied database holds an admin whose password is ADMIN_PASSWORD. */
export const seedEnv = {
  NODE_ENV: "test",
  DATA_DIR: "memory://",
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
  ADMIN_PASSWORD,
  // API tests start from an empty square and no default agent; tests/api/first-run*.test.ts seed them.
  SEED_EXAMPLES: "0",
};

let entries: Promise<DataDirEntry[]> | undefined;
/**
 * A copy of the seeded database for one in-memory server (the tarball parsed once per worker); undefined
 * outside a Vitest run.
 */
export async function seededCopy(): Promise<SeededMemoryFS | undefined> {
  const files = await seeded();
  if (!files) return undefined;
  entries ??= readFile(files.tarball).then((bytes) =>
    untar(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)),
  );
  return new SeededMemoryFS(await entries);
}

let strategy: Promise<string> | undefined;
/**
 * PostgreSQL 15 and later copy a template through the WAL by default; copying its files is faster for a database
 * this small (5 copies of the 11 MB seeded one under load: 1.2–3.2 s against 1.9–8.1 s), and fsync is off in CI.
 */
function copyStrategy(admin: pg.Client) {
  strategy ??= admin
    .query<{ server_version_num: string }>("show server_version_num")
    .then(({ rows }) => (Number(rows[0]!.server_version_num) >= 150000 ? " strategy file_copy" : ""));
  return strategy;
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
  const name = `${process.env[RUN_PREFIX_ENV] ?? "t_"}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}${await copyStrategy(admin)}` : ""}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pool.end() resolves before its connections have closed; forcing the drop at once would kill them
    // mid-goodbye (57P01, an unhandled error). Wait for them to go, forcing only as a last resort.
    // Within a run the file does not wait for its drop (nothing reads the database again): it goes on in the
    // background while the worker starts its next file, and global teardown drops what a worker's exit cut short.
    drop: process.env[RUN_PREFIX_ENV] ? async () => void dropDatabase().catch(() => {}) : () => dropDatabase(),
  };
  async function dropDatabase() {
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
  }
}
