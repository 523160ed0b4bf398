import { sql } from "drizzle-orm";
import { defineQueue } from "#server/runtime/jobs";
import { addTrigger, echoPlugin, eventTrigger, fireEvent, startEcho, timeTrigger } from "../tests/api/trigger-support";
import { addAgent, team } from "../tests/support/agents";
import { rows } from "../tests/support/helpers";
import { startServer, type TestServer } from "../tests/support/server";
import { ms, percentile, table } from "./lib";

/**
 * Triggers and the job queue (issue 15): firing delay of a per-second TIME trigger (scheduled tick → its plugin's
 * HTTP request arriving) over FIRINGS firings, webhook call → plugin request latency, and empty jobs per second
 * through pg-boss. PGlite by default; PostgreSQL when DATABASE_URL (or TEST_DATABASE_URL) names a server, on which
 * a throwaway database is created. Printed figures, never pass/fail.
 */
const FIRINGS = Number(process.env.BENCH_TRIGGER_FIRINGS ?? 100);
const CALLS = 100;
const JOBS = Number(process.env.BENCH_TRIGGER_JOBS ?? 1000);

let handled = 0;
let allHandled: (() => void) | undefined;
const emptyQueue = defineQueue<{ i: number }>({
  name: "bench-empty",
  concurrency: 4,
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
  async handler() {
    handled += 1;
    if (handled === JOBS) allHandled?.();
  },
});

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

async function firingDelays(s: TestServer, token: string, agentId: number, pluginId: number, echo: any) {
  const before = echo.arrivals.length;
  const { id } = (await addTrigger(s, token, agentId, timeTrigger(pluginId))).data;
  await until(() => echo.arrivals.length - before >= FIRINGS);
  await s.call(`/api/agent/component/delete/${id}`, { token, method: "POST" });
  const runs = await rows<{ scheduled_at: string }>(
    s,
    sql`select scheduled_at from trigger_run where trigger_id = ${id} and status = 'SUCCESS'`,
  );
  const ticks = runs.map((r) => new Date(r.scheduled_at).getTime()).sort((a, b) => a - b);
  const arrivals = echo.arrivals
    .slice(before)
    .map((a: { at: number }) => a.at)
    .sort((a: number, b: number) => a - b);
  return ticks.slice(0, FIRINGS).map((tick, i) => arrivals[i] - tick);
}

async function webhookLatencies(s: TestServer, token: string, agentId: number, pluginId: number, echo: any) {
  const times: number[] = [];
  let added = (await addTrigger(s, token, agentId, eventTrigger(pluginId))).data;
  for (let i = 0; i < CALLS; i++) {
    // The webhook allows EVENT_LIMIT calls per trigger a minute: a fresh trigger before the limit is reached.
    if (i > 0 && i % 50 === 0) added = (await addTrigger(s, token, agentId, eventTrigger(pluginId))).data;
    const before = echo.arrivals.length;
    const started = Date.now();
    const res = await fireEvent(s, added.id, added.eventBearerToken!, { place: `城市${i}` });
    if (res.code !== "0000") throw new Error(`webhook refused: ${res.code} ${res.message}`);
    await until(() => echo.arrivals.length > before);
    times.push(echo.arrivals[before].at - started);
  }
  return times;
}

async function jobsPerSecond(s: TestServer) {
  handled = 0;
  const done = new Promise<void>((resolve) => {
    allHandled = resolve;
  });
  const started = performance.now();
  for (let i = 0; i < JOBS; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, JOBS - i) }, (_, k) => emptyQueue.send(s.deps, { i: i + k })));
  }
  await done;
  return JOBS / ((performance.now() - started) / 1000);
}

export async function benchTrigger() {
  if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_URL)
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  const s = await startServer({ CRON_MIN_INTERVAL_SECONDS: "1" });
  const echo = await startEcho();
  try {
    const t = await team(s);
    const pluginId = await echoPlugin(s, t.member.token, t.spaceId, echo);
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const rate = await jobsPerSecond(s);
    const webhook = await webhookLatencies(s, t.member.token, agentId, pluginId, echo);
    const delays = await firingDelays(s, t.member.token, agentId, pluginId, echo);
    table(
      `Triggers and job queue (${database})`,
      ["measure", "p50", "p99", "n"],
      [
        [
          "TIME firing delay (tick → plugin request)",
          ms(percentile(delays, 50)),
          ms(percentile(delays, 99)),
          delays.length,
        ],
        ["webhook call → plugin request", ms(percentile(webhook, 50)), ms(percentile(webhook, 99)), webhook.length],
        ["empty jobs through pg-boss", `${rate.toFixed(0)} jobs/s`, "", JOBS],
      ],
    );
  } finally {
    await echo.close();
    await s.close();
  }
}
