import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder, openDatabase } from "./client";

/**
 * The database image: an embedded database (a PGlite data directory) on which the build already ran every
 * migration. A first start copies it instead of creating a cluster and migrating, which took most of the first
 * minute. It holds schema only — no tenant, no admin, no secret: the seed still runs at first start.
 * A plain directory, not a tarball: copying files takes milliseconds, while PGlite's tarball loader unpacked
 * 41 MB in JavaScript and wrote it file by file through its virtual file system.
 */
export const IMAGE_DIR = path.resolve("build", "db-image");
const DATA = "pglite";
const META = "meta.json";

type ImageMeta = { migrations: string[] };

/** Each migration's hash (drizzle's own: sha256 of the SQL file), in order. */
export function migrationHashes(folder = migrationsFolder): string[] {
  return readMigrationFiles({ migrationsFolder: folder }).map((m) => m.hash);
}

/** Build time: create and migrate a cluster in `dir` from `folder`, and write the list of what it holds. */
export async function writeImage(dir = IMAGE_DIR, folder = migrationsFolder) {
  await mkdir(dir, { recursive: true });
  // Meta goes first and comes back last by rename: a build cut short leaves no meta, so no half-made image is used.
  await rm(path.join(dir, META), { force: true });
  // The tarball earlier builds wrote.
  await rm(path.join(dir, "pglite.tar"), { force: true });
  const building = path.join(dir, `${DATA}.building`);
  await rm(building, { recursive: true, force: true });
  await mkdir(building);
  // openDatabase puts the cluster in <dataDir>/pglite.
  const database = await openDatabase({ dataDir: building, migrationsFolder: folder });
  await database.migrate();
  await database.close();
  await rm(path.join(dir, DATA), { recursive: true, force: true });
  await rename(path.join(building, DATA), path.join(dir, DATA));
  await rm(building, { recursive: true, force: true });
  const meta: ImageMeta = { migrations: migrationHashes(folder) };
  await writeFile(path.join(dir, `${META}.tmp`), JSON.stringify(meta));
  await rename(path.join(dir, `${META}.tmp`), path.join(dir, META));
}

export type ImageChoice = { dataDir: string; pending: number } | { dataDir?: undefined; reason: string };

/**
 * The image to start an empty data directory from, if one was built from the migrations we have now or from
 * an earlier prefix of them (the migrator then applies only the newer ones). Anything else — no image, an
 * image from another branch whose migrations differ — means an empty cluster and every migration.
 */
export async function chooseImage(dir = IMAGE_DIR, folder = migrationsFolder): Promise<ImageChoice> {
  const metaFile = path.join(dir, META);
  if (!existsSync(metaFile) || isEmptyDataDir(path.join(dir, DATA))) {
    return { reason: "没有预置的数据库镜像（npm run build 生成）" };
  }
  const meta = JSON.parse(await readFile(metaFile, "utf8")) as ImageMeta;
  const current = migrationHashes(folder);
  const prefix = meta.migrations.length <= current.length && meta.migrations.every((h, i) => h === current[i]);
  if (!prefix) return { reason: "数据库镜像与当前的迁移不一致" };
  return { dataDir: path.join(dir, DATA), pending: current.length - meta.migrations.length };
}

/**
 * Copies the image's cluster to `pgliteDir` (which must not hold a cluster): into a sibling first and renamed
 * into place, so a start cut short leaves no half-copied cluster that a restart would take for a real one.
 * False when `pgliteDir` holds files without being a cluster: those are left alone.
 */
export async function copyImage(imageDataDir: string, pgliteDir: string) {
  const copying = `${pgliteDir}.copying`;
  await rm(copying, { recursive: true, force: true });
  await copyTree(imageDataDir, copying);
  try {
    if (existsSync(pgliteDir)) await rmdir(pgliteDir);
  } catch {
    await rm(copying, { recursive: true, force: true });
    return false;
  }
  await rename(copying, pgliteDir);
  return true;
}

/** Files copied at once: the image is about 1,200 small files, and each waits on the file system, not the CPU. */
const COPIES_IN_FLIGHT = 16;

/**
 * The image's directory tree copied file by file, many at once. fs.cp took 1–3 s for it (several calls one after
 * the other per file, each waiting for the event loop that the server's modules keep busy while they load);
 * this is as quick as `cp -r`. Directories keep their modes: PostgreSQL refuses a data directory others can read.
 */
async function copyTree(from: string, to: string) {
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  const source = (e: (typeof entries)[number]) => path.join(e.parentPath, e.name);
  // Sorted, a directory comes before everything inside it.
  const dirs = [from, ...entries.filter((e) => e.isDirectory()).map(source)].sort();
  for (const dir of dirs) {
    const target = path.join(to, path.relative(from, dir));
    await mkdir(target, { recursive: true });
    await chmod(target, (await stat(dir)).mode);
  }
  const files = entries.filter((e) => !e.isDirectory()).map(source);
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(file, path.join(to, path.relative(from, file)));
    }
  };
  await Promise.all(Array.from({ length: COPIES_IN_FLIGHT }, copier));
}

/** An on-disk PGlite data directory that has no cluster yet (PG_VERSION is the first file initdb writes). */
export function isEmptyDataDir(pgliteDir: string) {
  return !existsSync(path.join(pgliteDir, "PG_VERSION"));
}
