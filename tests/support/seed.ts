/**
 * The run's seeded databases, made in a process of their own that tests/support/global-setup.ts starts and does
 * not wait for: migrating and seeding on Vitest's main thread held every worker back for the first ~40 s of a
 * run, while now the unit files and the API workers' imports run meanwhile (test-db.ts's `seeded()` waits).
 * Writes into the directory given as its argument the PGlite tarball and the same data directory unpacked (child
 * servers copy it); then `done`, or `failed` with the error.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "#server/config";
import { openPlatform } from "#server/platform";
import { untar, writeDataDir } from "./pglite-copy";
import { seedEnv, seedFiles } from "./test-db";

async function seededSnapshot(files: ReturnType<typeof seedFiles>) {
  const { database } = await openPlatform(loadConfig(seedEnv));
  // The copy is taken from a running cluster, so each file's database starts with crash recovery from the last
  // checkpoint: without this one, that replayed all the WAL of the migrations and the seed on every open.
  await database.db.execute(sql`checkpoint`);
  const tarball = new Uint8Array(await (await database.snapshot!()).arrayBuffer());
  await database.close();
  await writeFile(files.tarball, tarball);
  await writeDataDir(untar(tarball), path.join(files.dataDir, "pglite"));
}

const files = seedFiles(process.argv[2]!);
try {
  await seededSnapshot(files);
  await writeFile(files.done, "");
} catch (err) {
  await writeFile(files.failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
}
