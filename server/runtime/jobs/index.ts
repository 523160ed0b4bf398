import type PgBoss from "pg-boss";
import type { Deps } from "#server/core";
import type { Database, Db } from "#server/db/client";

/**
 * Durable background jobs on pg-boss, on the database we already have (PGlite through pg-boss's `db.executeSql`,
 * or PostgreSQL). A module declares a queue once with defineQueue (at import time); jobs sent to it survive
 * restarts, retry with back-off, and run at most `concurrency` at a time per process. pg-boss starts on the first
 * send, or at platform start when a queue says it has work left over (resumeJobs).
 */

export interface Attempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** Aborted when the process shuts down: a handler stops between steps and the job resumes after the restart. */
  signal: AbortSignal;
}

export interface QueueSpec<T extends object> {
  name: string;
  /** Workers in this process, each taking one job at a time. */
  concurrency: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** An active job whose process died is taken up again after this long (PostgreSQL; PGlite resumes at start). */
  expireInSeconds: number;
  handler: (deps: Deps, data: T, attempt: Attempt) => Promise<void>;
  /** Whether work was left over at the last shutdown, so pg-boss must start with the platform. */
  pending?: (deps: Deps) => Promise<boolean>;
}

export interface Queue<T extends object> {
  name: string;
  /** `id` makes the send idempotent: a second send with the same id is dropped (pg-boss inserts on conflict do nothing). */
  send(deps: Deps, data: T, options?: { singletonKey?: string; id?: string }): Promise<void>;
  /** Drops the queued (not yet active) jobs whose data matches. */
  cancelWhere(deps: Deps, match: Partial<T>): Promise<void>;
}

const specs = new Map<string, QueueSpec<any>>();

export function defineQueue<T extends object>(spec: QueueSpec<T>): Queue<T> {
  specs.set(spec.name, spec);
  const queue: Queue<T> = {
    name: spec.name,
    async send(deps, data, options) {
      const runner = await runnerFor(deps);
      await runner.boss.send(spec.name, data, {
        retryLimit: spec.retryLimit,
        retryDelay: spec.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds,
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options?.id ? { id: options.id } : {}),
      });
      for (const id of runner.workers.get(spec.name) ?? []) runner.boss.notifyWorker(id);
    },
    async cancelWhere(deps, match) {
      const platform = platforms.get(deps.db);
      if (!platform?.runner) return;
      await executeSql(platform.database)(
        `delete from pgboss.job where name = $1 and state in ('created', 'retry') and data @> $2::jsonb`,
        [spec.name, JSON.stringify(match)],
      );
    },
  };
  queues.set(spec.name, queue);
  return queue;
}

/** Something that runs beside the workers while pg-boss runs (the cron ticker of schedule.ts). */
export interface RunnerHook {
  /** Whether pg-boss must start with the platform for this hook's sake. */
  pending(deps: Deps): Promise<boolean>;
  start(deps: Deps, signal: AbortSignal): void;
}
const hooks: RunnerHook[] = [];
export function addRunnerHook(hook: RunnerHook) {
  hooks.push(hook);
}

/** A queue declared with defineQueue, by name (a schedule names the queue its ticks go to). */
export function queueNamed(name: string): Queue<any> | undefined {
  return queues.get(name);
}
const queues = new Map<string, Queue<any>>();

interface Runner {
  boss: PgBoss;
  workers: Map<string, string[]>;
  abort: AbortController;
}
interface Platform {
  deps: Deps;
  database: Database;
  runner?: Promise<Runner>;
}
const platforms = new WeakMap<Db, Platform>();

/** pg-boss's SQL through our connection: PGlite's statement queue for parameterised statements. */
function executeSql(database: Database) {
  const client = (database.db as any).$client as {
    query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
    exec?(text: string): Promise<{ rows: unknown[] }[]>;
  };
  return async (text: string, values?: unknown[]) => {
    if (values?.length) return { rows: (await client.query(text, values)).rows };
    // pg-boss's schema scripts hold several statements, which only PGlite's exec (or pg's simple protocol) runs.
    if (database.kind === "pglite" && client.exec) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
    return { rows: (await client.query(text)).rows };
  };
}

/**
 * Called once the database is migrated: remembers it for the first send, stops pg-boss before the database
 * closes, and starts pg-boss now when a queue has work left over from the last run.
 */
export async function resumeJobs(deps: Deps, database: Database) {
  const platform: Platform = { deps, database };
  platforms.set(deps.db, platform);
  const close = database.close.bind(database);
  database.close = async () => {
    await stopRunner(platform);
    await close();
  };
  // On a shared PostgreSQL other processes send jobs this one should help with: its workers start at once.
  if (database.kind === "postgres") {
    await runnerFor(deps);
    return;
  }
  for (const check of [...[...specs.values()].map((s) => s.pending), ...hooks.map((h) => h.pending)]) {
    if (await check?.(deps)) {
      await runnerFor(deps);
      return;
    }
  }
}

/** Starts the workers now rather than at the first send: `npm run worker` and processes sharing a PostgreSQL. */
export async function startJobs(deps: Deps) {
  await runnerFor(deps);
}

export function runnerFor(deps: Deps): Promise<Runner> {
  const platform = platforms.get(deps.db);
  if (!platform) throw new Error("jobs: resumeJobs was not called for this database");
  platform.runner ??= startRunner(platform).catch((err) => {
    // A failed start (the database was busy or closing) is tried again by the next send.
    platform.runner = undefined;
    throw err;
  });
  return platform.runner;
}

async function startRunner({ deps, database }: Platform): Promise<Runner> {
  // Loaded with the first job, not at every start: pg-boss brings the PostgreSQL driver and a cron library along
  // (idle memory and start-up time on the embedded database, issue 16).
  const { default: Boss } = await import("pg-boss");
  const boss = new Boss({
    db: { executeSql: executeSql(database) },
    schedule: false,
    maintenanceIntervalSeconds: 120,
  });
  boss.on("error", (err) => deps.log.error({ err }, "job queue error"));
  await boss.start();
  if (database.kind === "pglite") {
    // The embedded database has one process: whatever was active when it stopped is dead, so run it again now
    // rather than after its expiry.
    await executeSql(database)(
      `update pgboss.job set state = 'retry', start_after = now() where name = any($1::text[]) and state in ('active', 'retry')`,
      [[...specs.keys()]],
    );
  }
  const abort = new AbortController();
  const workers = new Map<string, string[]>();
  for (const spec of specs.values()) {
    await boss.createQueue(spec.name, {
      name: spec.name,
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: spec.expireInSeconds,
    });
    const ids: string[] = [];
    for (let i = 0; i < spec.concurrency; i++) {
      let self: string | undefined;
      self = await boss.work(
        spec.name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
        async ([job]: PgBoss.JobWithMetadata<object>[]) => {
          if (!job) return;
          try {
            await spec.handler(deps, job.data, {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              signal: abort.signal,
            });
          } finally {
            // pg-boss waits its polling interval after every fetch, one job per worker a second: a worker that found
            // a job asks again at once, so a busy queue drains at full speed and an idle one still polls once a second.
            if (self) boss.notifyWorker(self);
          }
        },
      );
      ids.push(self);
    }
    workers.set(spec.name, ids);
  }
  for (const hook of hooks) hook.start(deps, abort.signal);
  return { boss, workers, abort };
}

async function stopRunner(platform: Platform) {
  if (!platform.runner) return;
  const runner = await platform.runner.catch(() => null);
  platform.runner = undefined;
  if (!runner) return;
  runner.abort.abort();
  await runner.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}
