/**
 * Vitest globalSetup: migrate and seed once per run instead of once per test file. On PGlite the seeded
 * data directory is dumped to a tarball that each file's server loads; on PostgreSQL (TEST_DATABASE_URL)
 * a seeded database becomes the template each file's database is created from, and the PGlite copy is made
 * as well for the tests that run PGlite there. tests/support/seed.ts makes them in its own process while the
 * run starts; the locations reach the test workers through the environment, which they inherit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SEED_DIR_ENV, seedFiles, TEMPLATE_ENV } from "./test-db";

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

export default async function setup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "agent-platform-test-db-"));
  const files = seedFiles(dir);
  const base = process.env.TEST_DATABASE_URL;
  const template = base ? `tmpl_${randomBytes(6).toString("hex")}` : undefined;
  if (base && template) {
    await adminQuery(base, `create database ${template}`);
    process.env[TEMPLATE_ENV] = template;
  }
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
    if (base && template) await adminQuery(base, `drop database if exists ${template} with (force)`);
    await rm(dir, { recursive: true, force: true });
  };
}
