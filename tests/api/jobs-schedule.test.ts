import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defineQueue } from "#server/runtime/jobs";
import {
  cronProblem,
  gapBelow,
  nextRunOf,
  nextRuns,
  removeSchedule,
  sendDueTicks,
  type Tick,
  upsertSchedule,
} from "#server/runtime/jobs/schedule";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/** Cron schedules of the job queue (server/runtime/jobs/schedule.ts) against a real database. */

const received: { name: string; scheduledAt: string; at: number }[] = [];
const queue = defineQueue<{ name: string } & Tick>({
  name: "test-schedule-tick",
  concurrency: 2,
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  async handler(_deps, data) {
    received.push({ name: data.name, scheduledAt: data.scheduledAt, at: Date.now() });
  },
});
const ticksOf = (name: string) => received.filter((r) => r.name === name);
const jobsOf = (s: TestServer, name: string) =>
  rows<{ n: number }>(
    s,
    sql`select count(*)::int as n from pgboss.job where name = ${queue.name} and data->>'name' = ${name}`,
  );

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

describe("cron schedules", () => {
  it("accepts five or six fields and an IANA time zone, and refuses the rest in Chinese", () => {
    expect(cronProblem("0 9 * * *", "Asia/Shanghai")).toBeNull();
    expect(cronProblem("*/5 * * * * *", "UTC")).toBeNull();
    expect(cronProblem("0 0 9 * * * 2030", "UTC")).toContain("5 段");
    expect(cronProblem("every day", "UTC")).toBeTruthy();
    expect(cronProblem("0 9 * * *", "Mars/Olympus")).toBe("不是有效的时区");
    // 09:00 in Shanghai is 01:00 UTC.
    const [next] = nextRuns("0 9 * * *", "Asia/Shanghai", 1, new Date("2026-01-01T12:00:00Z"));
    expect(next?.toISOString()).toBe("2026-01-02T01:00:00.000Z");
  });

  it("finds a gap between ticks shorter than a minimum, and refuses such a cron in Chinese", () => {
    expect(gapBelow("* * * * * *", "UTC", 60)).toBe(1);
    expect(gapBelow("0,30 * * * * *", "UTC", 60)).toBe(30);
    // Two ticks a minute apart are allowed; a burst's short gap is found however far off its window is.
    expect(gapBelow("0 0,1 9 * * *", "UTC", 60)).toBeNull();
    expect(gapBelow("*/59 0 9 * * *", "UTC", 60, new Date("2026-01-01T09:00:30Z"))).toBe(59);
    expect(gapBelow("58,59 * * * *", "Asia/Shanghai", 3600)).toBe(60);
    expect(gapBelow("0 9 * * 1", "UTC", 3600)).toBeNull();
    expect(cronProblem("* * * * * *", "UTC", 60)).toBe(
      "执行过于频繁：两次执行至少间隔 1 分钟，该 cron 有两次执行只相隔 1 秒",
    );
    expect(cronProblem("0 * * * * *", "UTC", 60)).toBeNull();
    expect(cronProblem("* * * * *", "UTC", 60)).toBeNull();
    expect(cronProblem("*/10 * * * *", "UTC", 3600)).toContain("只相隔 10 分钟");
    // Without a minimum (the scheduler itself), any valid cron is fine.
    expect(cronProblem("* * * * * *", "UTC")).toBeNull();
  });

  it("sends one job per tick of a per-second cron, each after its scheduled second", async () => {
    const next = await upsertSchedule(s.deps, queue, "every-second", {
      cron: "* * * * * *",
      timeZone: "Asia/Shanghai",
      data: { name: "every-second" },
    });
    expect(await nextRunOf(s.deps, "every-second")).toEqual(next);
    await vi.waitFor(() => expect(ticksOf("every-second").length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await removeSchedule(s.deps, "every-second");
    const ticks = ticksOf("every-second");
    const times = ticks.map((t) => Date.parse(t.scheduledAt));
    expect(new Set(times).size).toBe(times.length);
    for (const t of ticks) {
      expect(Date.parse(t.scheduledAt) % 1000).toBe(0);
      expect(t.at).toBeGreaterThanOrEqual(Date.parse(t.scheduledAt));
    }
    expect(await nextRunOf(s.deps, "every-second")).toBeNull();
  });

  it("catches up a tick missed while nothing ran once, late, without replaying the ones in between", async () => {
    await upsertSchedule(s.deps, queue, "missed", { cron: "0 * * * * *", timeZone: "UTC", data: { name: "missed" } });
    // As if every process had been down for five minutes.
    const missed = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000);
    await s.deps.db.execute(sql`update job_schedule set next_run_at = ${missed.toISOString()} where name = 'missed'`);
    await vi.waitFor(() => expect(ticksOf("missed").length).toBe(1), { timeout: 10_000 });
    expect(ticksOf("missed")[0]!.scheduledAt).toBe(missed.toISOString());
    const next = await nextRunOf(s.deps, "missed");
    expect(next!.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(next!.getUTCSeconds()).toBe(0);
    await removeSchedule(s.deps, "missed");
    expect((await jobsOf(s, "missed"))[0]!.n).toBe(1);
  });

  it("sends a tick once when several tickers race on it", async () => {
    await upsertSchedule(s.deps, queue, "raced", { cron: "0 0 1 1 *", timeZone: "UTC", data: { name: "raced" } });
    const due = new Date(Date.now() - 1000);
    await s.deps.db.execute(sql`update job_schedule set next_run_at = ${due.toISOString()} where name = 'raced'`);
    // This process's own ticker races these too.
    await Promise.all([sendDueTicks(s.deps), sendDueTicks(s.deps), sendDueTicks(s.deps)]);
    await vi.waitFor(() => expect(ticksOf("raced").length).toBe(1), { timeout: 10_000 });
    expect((await jobsOf(s, "raced"))[0]!.n).toBe(1);
    expect((await nextRunOf(s.deps, "raced"))!.toISOString()).toMatch(/-01-01T00:00:00.000Z$/);
    await removeSchedule(s.deps, "raced");
  });
});
