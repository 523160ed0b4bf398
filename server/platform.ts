import pino from "pino";
import type { Config } from "./config";
import type { Deps } from "./core";
import { type Database, openDatabase } from "./db/client";
import { seed } from "./db/seed";
import { markInterrupted } from "./modules/conversation";
import { startKnowledge } from "./modules/knowledge";
// Declares the trigger queue and the cron ticker before jobs start (schedules resume after a restart).
import "./modules/trigger/jobs";
// Declares the scheduled-task queue before jobs start (its schedules resume after a restart).
import "./modules/task/schedule";
import "./lib/zod";

/**
 * Database, migrations and seed: what both the HTTP server and the worker need before anything else.
 * Tests pass `snapshot`, an embedded database already migrated and seeded; migrate and seed then find
 * nothing to do, and still catch a snapshot older than the migrations.
 */
export async function openPlatform(config: Config, opts: { snapshot?: Blob } = {}) {
  const log = pino({ level: config.LOG_LEVEL, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  const database: Database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    loadDataDir: opts.snapshot,
  });
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
