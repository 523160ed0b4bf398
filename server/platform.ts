import type { Config } from "./config";
import type { Deps } from "./core";
import type { Database, DataDirCopy } from "./db/client";
import { seed } from "./db/seed";
import { markInterrupted } from "./modules/conversation";
import { refreshIconLinksFor } from "./modules/file/icon-links";
import { startKnowledge } from "./modules/knowledge";
// Declares the scheduled-task queue before jobs start (its schedules resume after a restart).
import "./modules/task/schedule";
// Declares the trigger queue and the cron ticker before jobs start (schedules resume after a restart).
import "./modules/trigger/jobs";
import "./lib/zod";
import { newLogger, openStorage } from "./platform-open";

/**
 * Database, migrations and seed: what both the HTTP server and the worker need before anything else.
 * Tests pass `snapshot`, an embedded database already migrated and seeded; migrate and seed then find
 * nothing to do, and still catch a snapshot older than the migrations. server/main.ts passes the database it
 * began opening (openStorage) while this module loaded, and its logger.
 */
export async function openPlatform(
  config: Config,
  opts: {
    snapshot?: DataDirCopy;
    imageDir?: string;
    opening?: Promise<Database>;
    log?: ReturnType<typeof newLogger>;
  } = {},
) {
  const log = opts.log ?? newLogger(config);
  /** Milliseconds per step, logged with the start so a slow one shows where its time went. */
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const database = await (opts.opening ?? openStorage(config, log, opts));
  lap("database");
  await database.migrate();
  lap("migrate");
  const deps: Deps = { config, db: database.db, log };
  // Icons hold upload links signed with this server's secret: from now on iconOr answers them signed afresh.
  refreshIconLinksFor(config.SECRET_KEY);
  const seeded = await seed(deps);
  lap("seed");
  // The built-in embedding in every tenant's model list; ingestion jobs left over from the last run resume.
  await startKnowledge(deps, database);
  lap("knowledge");
  const interrupted = await markInterrupted(deps.db, leaseTimeout(database));
  if (interrupted) log.warn({ interrupted }, "answers cut off by the last shutdown were marked interrupted");
  lap("interrupted");
  return { deps, database, seeded, phases };
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
