import pino from "pino";
import type { Deps } from "./api/context";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { seed } from "./db/seed";
import { markInterrupted } from "./modules/conversation/repo";
import "./lib/zod";

/** Database, migrations and seed: what both the HTTP server and the worker need before anything else. */
export async function openPlatform(config: Config) {
  const log = pino({ level: config.LOG_LEVEL, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  const database: Database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await database.migrate();
  const deps: Deps = { config, db: database.db, log };
  const seeded = await seed(deps);
  const interrupted = await markInterrupted(deps.db);
  if (interrupted) log.warn({ interrupted }, "answers cut off by the last shutdown were marked interrupted");
  return { deps, database, seeded };
}
