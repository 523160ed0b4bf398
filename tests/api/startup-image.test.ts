/**
 * The first start of an empty data directory: from the database image the build migrated, from an image older
 * than the migrations (the rest are applied), and without a usable image (every migration). Each must end in a
 * database where the admin signs in, and no image may carry an admin or a tenant.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config";
import { type Db, migrationsFolder, openDatabase } from "#server/db/client";
import { chooseImage, copyImage, migrationHashes, writeImage } from "#server/db/image";
import { createHttpApp } from "#server/http";
import { openPlatform } from "#server/platform";
import { ADMIN_PASSWORD, seedEnv } from "#tests/support/test-db";

// Each case creates a cluster (initdb) and migrates it at least once: seconds each, many more on a busy machine.
const SLOW = 180_000;

const temps: string[] = [];
const images: string[] = [];
async function tempDir(list = temps) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "startup-image-"));
  list.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Built once: an image of the current migrations and one that lacks the newest. */
let currentImage: string;
let olderImage: string;
beforeAll(async () => {
  currentImage = await tempDir(images);
  await writeImage(currentImage);
  olderImage = await tempDir(images);
  await writeImage(olderImage, await olderMigrations());
}, SLOW);
afterAll(async () => {
  await Promise.all(images.map((d) => rm(d, { recursive: true, force: true })));
});

/** A copy of the migrations folder whose journal stops before the last migration. */
async function olderMigrations() {
  const dir = path.join(await tempDir(images), "migrations");
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8"));
  journal.entries.pop();
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** Opens the platform on an empty on-disk data directory, signs the admin in, and reports what it holds. */
async function firstStart(imageDir: string) {
  const dataDir = await tempDir();
  const config = loadConfig({ ...seedEnv, DATA_DIR: dataDir });
  const { deps, database, seeded } = await openPlatform(config, { imageDir });
  try {
    const { app } = createHttpApp(deps, database);
    const res = await app.request("/api/user/passwordLogin", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ phoneOrEmail: "admin", password: ADMIN_PASSWORD }),
    });
    const body = (await res.json()) as { code: string; data: { token?: string } };
    const applied = await count(deps.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return { seeded: seeded.seeded, login: body.code, token: body.data?.token, applied };
  } finally {
    await database.close();
  }
}

async function count(db: Db, query: SQL) {
  const result = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n;
}

const migrationCount = () => migrationHashes().length;

describe("database image", () => {
  it(
    "an image of the current migrations is used as it is, and holds no tenant or admin",
    async () => {
      const choice = await chooseImage(currentImage);
      expect(choice.dataDir).toBeDefined();
      expect(choice.dataDir && choice.pending).toBe(0);

      const copy = await tempDir();
      expect(await copyImage(choice.dataDir!, path.join(copy, "pglite"))).toBe(true);
      const image = await openDatabase({ dataDir: copy });
      const users = await count(image.db, sql`select count(*)::int as n from "user"`);
      const tenants = await count(image.db, sql`select count(*)::int as n from tenant`);
      await image.close();
      expect([users, tenants]).toEqual([0, 0]);

      const started = await firstStart(currentImage);
      expect(started.seeded).toBe(true);
      expect(started.login).toBe("0000");
      expect(started.token).toBeTruthy();
      expect(started.applied).toBe(migrationCount());
    },
    SLOW,
  );

  it(
    "an image older than the migrations is used and the newer migrations are applied at start",
    async () => {
      const choice = await chooseImage(olderImage);
      expect(choice.dataDir && choice.pending).toBe(1);

      const started = await firstStart(olderImage);
      expect(started.login).toBe("0000");
      expect(started.applied).toBe(migrationCount());
    },
    SLOW,
  );

  it(
    "an image whose migrations differ from ours, or none at all, means migrating an empty cluster",
    async () => {
      const imageDir = await tempDir();
      expect((await chooseImage(imageDir)).dataDir).toBeUndefined();

      await cp(currentImage, imageDir, { recursive: true });
      const metaFile = path.join(imageDir, "meta.json");
      const meta = JSON.parse(await readFile(metaFile, "utf8"));
      meta.migrations[0] = "edited-elsewhere";
      await writeFile(metaFile, JSON.stringify(meta));
      const choice = await chooseImage(imageDir);
      expect(choice.dataDir).toBeUndefined();

      const started = await firstStart(imageDir);
      expect(started.login).toBe("0000");
      expect(started.applied).toBe(migrationCount());
    },
    SLOW,
  );
});
