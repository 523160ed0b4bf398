/**
 * Vitest globalSetup: migrate and seed once per run instead of once per test file. On PGlite the seeded
 * data directory is dumped to a tarball that each file's server loads; on PostgreSQL (TEST_DATABASE_URL)
 * a seeded database becomes the template each file's database is created from. The locations reach the
 * test workers through the environment, which they inherit.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "#server/config";
import { openPlatform } from "#server/platform";
import { SNAPSHOT_ENV, seedEnv, TEMPLATE_ENV } from "./test-db";

async function adminQuery(base: string, sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function seededTemplate(base: string) {
  const name = `tmpl_${randomBytes(6).toString("hex")}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const { database } = await openPlatform(loadConfig({ ...seedEnv, DATABASE_URL: url.toString() }));
  // A template must have no open connections when a database is copied from it.
  await database.close();
  process.env[TEMPLATE_ENV] = name;
  return () => adminQuery(base, `drop database if exists ${name} with (force)`);
}

async function seededSnapshot() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "agent-platform-test-db-"));
  const file = path.join(dir, "seeded.tar");
  const { database } = await openPlatform(loadConfig(seedEnv));
  const tarball = await database.snapshot!();
  await database.close();
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  process.env[SNAPSHOT_ENV] = file;
  return () => rm(dir, { recursive: true, force: true });
}

export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  return base ? seededTemplate(base) : seededSnapshot();
}
