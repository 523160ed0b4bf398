import { createHash } from "node:crypto";
import { Cron } from "croner";
import { and, asc, eq, lte, min } from "drizzle-orm";
import type { Deps } from "#server/core";
import { jobSchedules } from "#server/db/schema";
import { addRunnerHook, type Queue, queueNamed, runnerFor } from "./index";

/**
 * Cron schedules on the job queue (docs/decisions/0015-cron-schedules.md). A schedule is a row of job_schedule;
 * every process running jobs has a ticker that sleeps until the earliest `nextRunAt`, then for each due schedule
 * sends the tick's job with an id derived from (schedule incarnation, tick time) — pg-boss drops a second insert
 * of that id — and advances `nextRunAt` by compare-and-set. Two processes racing on one tick therefore send one
 * job, which one worker runs. A tick missed while no process ran (a restart) is sent once, late, with its own
 * `scheduledAt`; the ticks missed in between are not replayed.
 */

/** What a schedule's job carries besides its own data: the tick it belongs to (ISO time). */
export interface Tick {
  scheduledAt: string;
}

export interface ScheduleSpec<T extends object> {
  /** Five fields (minute precision) or six (seconds first). */
  cron: string;
  /** An IANA time zone (Asia/Shanghai). */
  timeZone: string;
  data: T;
}

/** Longest sleep of a ticker, so schedules added by other processes are seen within this long. */
const MAX_SLEEP_MS = 1000;
/** Due schedules handled per pass. */
const BATCH = 100;

function validTimeZone(timeZone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Ticks looked at for a gap shorter than a minimum. A gap under a minute needs two ticks in one minute, a gap under
 * an hour two in one hour (at most 60 when a single second is set): 121 consecutive ticks always hold a whole such
 * minute or hour, so a short gap is found for every minimum up to an hour (the setting's ceiling).
 */
const GAP_SAMPLES = 121;

/**
 * A gap between two ticks of a valid cron shorter than `minSeconds` (the first one found, in seconds), or null when
 * there is none. Croner takes about a millisecond a tick, so the usual minimum (a minute or less) is decided
 * without sampling where it can be: five fields tick at most once a minute, and six fields whose seconds field
 * matches one second a minute put any two ticks in different minutes.
 */
export function gapBelow(cron: string, timeZone: string, minSeconds: number, from: Date = new Date()): number | null {
  const fields = cron.trim().split(/\s+/);
  if (minSeconds <= 60) {
    if (fields.length === 5) return null;
    const [a, b] = nextRuns(`${fields[0]} * * * * *`, "UTC", 2, from);
    if (a && b && b.getTime() - a.getTime() >= 60_000) return null;
  }
  const job = new Cron(cron, { paused: true, timezone: timeZone, mode: "5-or-6-parts" });
  try {
    let previous = job.nextRun(from);
    for (let i = 1; previous && i < GAP_SAMPLES; i++) {
      const next = job.nextRun(previous);
      if (!next) return null;
      const gap = (next.getTime() - previous.getTime()) / 1000;
      if (gap < minSeconds) return gap;
      previous = next;
    }
    return null;
  } finally {
    job.stop();
  }
}

const inWords = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} 分钟` : `${seconds} 秒`);

/**
 * Why a cron or time zone is refused (in Chinese), or null when both are good. With `minIntervalSeconds`, a cron
 * firing more often than that is refused too (CRON_MIN_INTERVAL_SECONDS: users' triggers and tasks; the scheduler
 * itself runs any valid cron).
 */
export function cronProblem(cron: string, timeZone: string, minIntervalSeconds = 0): string | null {
  if (!validTimeZone(timeZone)) return "不是有效的时区";
  const fields = cron.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6) return "cron 表达式须为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周）";
  try {
    const job = new Cron(cron, { paused: true, timezone: timeZone, mode: "5-or-6-parts" });
    const next = job.nextRun();
    job.stop();
    if (!next) return "该 cron 表达式不会再触发";
  } catch {
    return "不是合法的 cron 表达式";
  }
  const gap = minIntervalSeconds > 0 ? gapBelow(cron, timeZone, minIntervalSeconds) : null;
  if (gap === null) return null;
  return `执行过于频繁：两次执行至少间隔 ${inWords(minIntervalSeconds)}，该 cron 有两次执行只相隔 ${inWords(gap)}`;
}

/** The next `count` ticks strictly after `from`. */
export function nextRuns(cron: string, timeZone: string, count = 1, from: Date = new Date()): Date[] {
  const job = new Cron(cron, { paused: true, timezone: timeZone, mode: "5-or-6-parts" });
  const runs = job.nextRuns(count, from);
  job.stop();
  return runs;
}

function assertValid(cron: string, timeZone: string) {
  const problem = cronProblem(cron, timeZone);
  if (problem) throw new Error(`schedule: ${problem} (${cron}, ${timeZone})`);
}

/**
 * Creates or replaces the schedule `name`: from now on each tick of `cron` in `timeZone` sends one job with
 * `{...data, scheduledAt}` to `queue`. Returns the next tick. Starts the job runner when it is not running yet.
 */
export async function upsertSchedule<T extends object>(
  deps: Deps,
  queue: Queue<T & Tick>,
  name: string,
  spec: ScheduleSpec<T>,
): Promise<Date> {
  assertValid(spec.cron, spec.timeZone);
  const [next] = nextRuns(spec.cron, spec.timeZone);
  const values = {
    queue: queue.name,
    cron: spec.cron,
    timeZone: spec.timeZone,
    data: spec.data as Record<string, unknown>,
    nextRunAt: next!,
  };
  await deps.db
    .insert(jobSchedules)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: jobSchedules.name, set: { ...values, modified: new Date() } });
  await runnerFor(deps);
  wake(deps);
  return next!;
}

/** Stops the schedule `name` (no tick is sent after this returns; a tick's job already queued still runs). */
export async function removeSchedule(deps: Deps, name: string) {
  await deps.db.delete(jobSchedules).where(eq(jobSchedules.name, name));
}

/** The schedule's next tick, or null when there is no such schedule. */
export async function nextRunOf(deps: Deps, name: string): Promise<Date | null> {
  const [row] = await deps.db
    .select({ nextRunAt: jobSchedules.nextRunAt })
    .from(jobSchedules)
    .where(eq(jobSchedules.name, name));
  return row?.nextRunAt ?? null;
}

/** The job id of one tick: the same in every process, different for each incarnation of the schedule. */
function tickId(key: string, at: Date) {
  const hex = createHash("sha256").update(`${key}|${at.toISOString()}`).digest("hex");
  // Formatted as a UUID (version nibble 5, RFC 4122 variant), pg-boss's id type.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Sends the job of every due tick and advances each schedule past now. Every ticker calls it; exported so a test
 * can race two calls on one tick. True when a full batch was due (more may be).
 */
export async function sendDueTicks(deps: Deps) {
  const now = new Date();
  const due = await deps.db
    .select()
    .from(jobSchedules)
    .where(lte(jobSchedules.nextRunAt, now))
    .orderBy(asc(jobSchedules.nextRunAt))
    .limit(BATCH);
  for (const row of due) {
    const queue = queueNamed(row.queue);
    if (!queue) {
      deps.log.error({ schedule: row.name, queue: row.queue }, "schedule names a queue this process does not know");
      continue;
    }
    await queue.send(
      deps,
      { ...row.data, scheduledAt: row.nextRunAt.toISOString() },
      { id: tickId(row.key, row.nextRunAt) },
    );
    const [next] = nextRuns(row.cron, row.timeZone, 1, now);
    const current = and(
      eq(jobSchedules.name, row.name),
      eq(jobSchedules.key, row.key),
      eq(jobSchedules.nextRunAt, row.nextRunAt),
    );
    if (next) await deps.db.update(jobSchedules).set({ nextRunAt: next }).where(current);
    else await deps.db.delete(jobSchedules).where(current);
  }
  return due.length === BATCH;
}

async function earliest(deps: Deps) {
  const [row] = await deps.db.select({ at: min(jobSchedules.nextRunAt) }).from(jobSchedules);
  return row?.at ? new Date(row.at) : null;
}

const wakers = new WeakMap<Deps["db"], () => void>();
function wake(deps: Deps) {
  wakers.get(deps.db)?.();
}

async function tickerLoop(deps: Deps, signal: AbortSignal) {
  while (!signal.aborted) {
    let sleep = MAX_SLEEP_MS;
    try {
      if (await sendDueTicks(deps)) continue;
      const at = await earliest(deps);
      if (at) sleep = Math.max(0, Math.min(MAX_SLEEP_MS, at.getTime() - Date.now()));
    } catch (err) {
      if (signal.aborted) return;
      deps.log.error({ err }, "schedule ticker failed; retrying");
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        wakers.delete(deps.db);
        resolve();
      };
      const timer = setTimeout(done, sleep);
      signal.addEventListener("abort", done);
      wakers.set(deps.db, done);
    });
  }
}

addRunnerHook({
  async pending(deps) {
    return (await earliest(deps)) !== null;
  },
  start(deps, signal) {
    void tickerLoop(deps, signal);
  },
});
