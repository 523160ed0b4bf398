import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder, openDatabase } from "./client";

/**
 * The database image: an embedded database (PGlite data directory as a tarball) on which the build already ran
 * every migration. A first start loads it instead of creating a cluster and migrating, which took most of the
 * first minute. It holds schema only — no tenant, no admin, no secret: the seed still runs at first start.
 */
export const IMAGE_DIR = path.resolve("build", "db-image");
const TARBALL = "pglite.tar";
const META = "meta.json";

type ImageMeta = { migrations: string[] };

/** Each migration's hash (drizzle's own: sha256 of the SQL file), in order. */
export function migrationHashes(folder = migrationsFolder): string[] {
  return readMigrationFiles({ migrationsFolder: folder }).map((m) => m.hash);
}

/** Build time: migrate a fresh in-memory cluster from `folder` and write it with the list of what it holds. */
export async function writeImage(dir = IMAGE_DIR, folder = migrationsFolder) {
  const database = await openDatabase({ dataDir: "memory://", migrationsFolder: folder });
  await database.migrate();
  const tarball = await database.snapshot!();
  await database.close();
  await mkdir(dir, { recursive: true });
  const meta: ImageMeta = { migrations: migrationHashes(folder) };
  // Tarball first, meta last and by rename: a build cut short leaves no meta, so no half-written image is used.
  await writeFile(path.join(dir, TARBALL), Buffer.from(await tarball.arrayBuffer()));
  await writeFile(path.join(dir, `${META}.tmp`), JSON.stringify(meta));
  await rename(path.join(dir, `${META}.tmp`), path.join(dir, META));
}

export type ImageChoice = { image: Blob; pending: number } | { image?: undefined; reason: string };

/**
 * The image to start an empty data directory from, if one was built from the migrations we have now or from
 * an earlier prefix of them (the migrator then applies only the newer ones). Anything else — no image, an
 * image from another branch whose migrations differ — means an empty cluster and every migration.
 */
export async function chooseImage(dir = IMAGE_DIR, folder = migrationsFolder): Promise<ImageChoice> {
  const metaFile = path.join(dir, META);
  if (!existsSync(metaFile)) return { reason: "没有预置的数据库镜像（npm run build 生成）" };
  const meta = JSON.parse(await readFile(metaFile, "utf8")) as ImageMeta;
  const current = migrationHashes(folder);
  const prefix = meta.migrations.length <= current.length && meta.migrations.every((h, i) => h === current[i]);
  if (!prefix) return { reason: "数据库镜像与当前的迁移不一致" };
  const image = new Blob([await readFile(path.join(dir, TARBALL))]);
  return { image, pending: current.length - meta.migrations.length };
}

/** An on-disk PGlite data directory that has no cluster yet (PG_VERSION is the first file initdb writes). */
export function isEmptyDataDir(pgliteDir: string) {
  return !existsSync(path.join(pgliteDir, "PG_VERSION"));
}
