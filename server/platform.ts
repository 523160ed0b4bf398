import path from "node:path";
import pino from "pino";
import type { Config } from "./config";
import type { Deps } from "./core";
import { type Database, openDatabase } from "./db/client";
import { chooseImage, isEmptyDataDir } from "./db/image";
import { seed } from "./db/seed";
import { markInterrupted } from "./modules/conversation";
import { startKnowledge } from "./modules/knowledge";
// Declares the scheduled-task queue before jobs start (its schedules resume after a restart).
import "./modules/task/schedule";
// Declares the trigger queue and the cron ticker before jobs start (schedules resume after a restart).
import "./modules/trigger/jobs";
import "./lib/zod";

/**
 * Database, migrations and seed: what both the HTTP server and the worker need before anything else.
 * Tests pass `snapshot`, an embedded database already migrated and seeded; migrate and seed then find
 * nothing to do, and still catch a snapshot older than the migrations.
 */
export async function openPlatform(config: Config, opts: { snapshot?: Blob; imageDir?: string } = {}) {
  const log = pino({ level: config.LOG_LEVEL, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  const loadDataDir = opts.snapshot ?? (await firstStartImage(config, log, opts.imageDir));
  const database: Database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, loadDataDir });
  await database.migrate();
  const deps: Deps = { config, db: database.db, log };
  const seeded = await seed(deps);
  // The built-in embedding in every tenant's model list; ingestion jobs left over from the last run resume.
  await startKnowledge(deps, database);
  const interrupted = await markInterrupted(deps.db, leaseTimeout(database));
  if (interrupted) log.warn({ interrupted }, "answers cut off by the last shutdown were marked interrupted");
  return { deps, database, seeded };
}

/**
 * An empty embedded data directory starts from the image the build migrated (seconds saved on the first start);
 * without a usable image it is created and migrated here. Either way the operator is told what is happening.
 */
async function firstStartImage(config: Config, log: pino.Logger, imageDir?: string): Promise<Blob | undefined> {
  if (config.DATABASE_URL || config.IN_MEMORY || !isEmptyDataDir(path.join(config.DATA_DIR, "pglite"))) return;
  const choice = await chooseImage(imageDir);
  if (choice.image) {
    log.info({ pendingMigrations: choice.pending }, "首次启动：正在从预置镜像创建数据库…");
    return choice.image;
  }
  log.info({ reason: choice.reason }, "首次启动：正在创建数据库并执行迁移（约需半分钟）…");
}

/**
 * The embedded database has one instance, so at start every running answer is dead. On a shared PostgreSQL
 * other instances may be streaming: only runs whose lease (renewed every second) lapsed are dead.
 */
const leaseTimeout = (database: Database) => (database.kind === "postgres" ? 15_000 : 0);
const SWEEP_EVERY_MS = 10_000;

/** Periodically settles answers whose instance died (a crash elsewhere leaves them running forever). */
export function startRecoverySweep(deps: Deps, database: Database) {
  if (database.kind !== "postgres") return () => {};
  const timer = setInterval(() => {
    markInterrupted(deps.db, leaseTimeout(database))
      .then((n) => n && deps.log.warn({ interrupted: n }, "answers of a lost instance were marked interrupted"))
      .catch((err) => deps.log.error({ err }, "recovery sweep failed"));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
