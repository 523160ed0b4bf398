import path from "node:path";
import pino from "pino";
import type { Config } from "./config";
import { type Database, type DataDirCopy, openDatabase } from "./db/client";
import { chooseImage, copyImage, isEmptyDataDir } from "./db/image";

/**
 * The first step of a start, kept apart from the rest of the server's code: server/main.ts begins opening the
 * database (reading and compiling PGlite's WebAssembly, much of it off the main thread) while it loads the
 * API's modules, instead of one after the other.
 */
export function newLogger(config: Config) {
  return pino({ level: config.LOG_LEVEL, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/**
 * The database: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR — on a first start a copy of the build's image
 * (`imageDir`), or the tests' `snapshot`. Migrations and seed come after (openPlatform).
 */
export async function openStorage(
  config: Config,
  log: pino.Logger,
  opts: { snapshot?: DataDirCopy; imageDir?: string } = {},
) {
  if (!opts.snapshot) await firstStartImage(config, log, opts.imageDir);
  const database: Database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    loadDataDir: opts.snapshot,
  });
  return database;
}

/**
 * An empty embedded data directory starts as a copy of the image the build migrated (seconds saved on the first
 * start); without a usable image it is created and migrated here. Either way the operator is told what happens.
 */
async function firstStartImage(config: Config, log: pino.Logger, imageDir?: string) {
  const pgliteDir = path.join(config.DATA_DIR, "pglite");
  if (config.DATABASE_URL || config.IN_MEMORY || !isEmptyDataDir(pgliteDir)) return;
  const choice = await chooseImage(imageDir);
  if (choice.dataDir === undefined) {
    log.info({ reason: choice.reason }, "首次启动：正在创建数据库并执行迁移（约需半分钟）…");
    return;
  }
  log.info({ pendingMigrations: choice.pending }, "首次启动：正在从预置镜像创建数据库…");
  if (!(await copyImage(choice.dataDir, pgliteDir))) log.warn({ pgliteDir }, "数据目录中已有其他文件，未使用预置镜像");
}
