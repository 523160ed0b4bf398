/**
 * Vitest globalSetup: migrate and seed once per run instead of once per test file. On PGlite the seeded
 * data directory is dumped to a tarball that each file's server loads (tests/support/seed.ts makes it in its own
 * process while the run starts); on PostgreSQL (TEST_DATABASE_URL) a seeded database becomes the template each
 * file's database is created from. The locations reach the test workers through the environment, which they
 * inherit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "#server/config";
import { openPlatform } from "#server/platform";
import { bundleChildServers, CHILD_BUNDLE_ENV } from "./child-bundle";
import { RUN_PREFIX_ENV, SEED_DIR_ENV, seedEnv, seedFiles, TEMPLATE_ENV } from "./test-db";

async function adminQuery(base: string, sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Ends the seed process if the run finishes before it (every API file failed, or none ran). */
function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/**
 * PostgreSQL: a migrated and seeded template, made here (the work is the database server's, and quick). Teardown
 * drops it and any of the run's file databases whose background drop (test-db.ts) a worker's exit cut short.
 */
async function seededTemplate(base: string) {
  const run = randomBytes(4).toString("hex");
  process.env[RUN_PREFIX_ENV] = `t_${run}_`;
  const name = `tmpl_${run}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const { database } = await openPlatform(loadConfig({ ...seedEnv, DATABASE_URL: url.toString() }));
  // A template must have no open connections when a database is copied from it.
  await database.close();
  process.env[TEMPLATE_ENV] = name;
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [`t_${run}_`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
}

/** PGlite: the seed process (seed.ts) makes the copies while the run starts; the workers wait for them. */
async function seededPglite() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "agent-platform-test-db-"));
  const files = seedFiles(dir);
  process.env[SEED_DIR_ENV] = dir;
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "support", "seed.ts"), dir], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A seed process that dies without a word (killed, out of memory) must not leave the workers waiting.
  child.once("exit", (code, signal) => {
    if (code !== 0 && !existsSync(files.failed)) void writeFile(files.failed, `seed exited (${code ?? signal})`);
  });
  return async () => {
    await stop(child);
    await rm(dir, { recursive: true, force: true });
  };
}

/** The child servers' bundle (child-bundle.ts), made while the seed runs. */
async function childBundle() {
  const dir = await bundleChildServers(process.cwd());
  process.env[CHILD_BUNDLE_ENV] = dir;
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * The run's temporary files (in-memory servers' uploads, test directories) go under one directory, removed at the
 * end: Vitest stops its workers without running their exit handlers.
 */
async function runTmpDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "agent-platform-test-run-"));
  process.env.TMPDIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}

export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  const removeRunTmp = await runTmpDir();
  const teardowns = await Promise.all([base ? seededTemplate(base) : seededPglite(), childBundle()]);
  return async () => {
    await Promise.all(teardowns.map((teardown) => teardown()));
    await removeRunTmp();
  };
}
