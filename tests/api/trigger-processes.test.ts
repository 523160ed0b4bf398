import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addAgent, ok, type Team, team } from "../support/agents";
import { childArgs } from "../support/child-bundle";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { ADMIN_PASSWORD } from "../support/test-db";
import { addTrigger, type Echo, echoPlugin, startEcho, timeTrigger, waitForRuns } from "./trigger-support";

/**
 * Two processes on one PostgreSQL — this test's server and `npm run worker` (server/worker.ts) — both tick the
 * cron schedules and both take jobs, yet every tick of a per-second trigger runs exactly once.
 * Two processes cannot open one embedded PGlite data directory, so this needs PostgreSQL: CI runs tests/api again
 * with TEST_DATABASE_URL, and there it runs.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let s: TestServer;
let t: Team;
let echo: Echo;
let worker: ChildProcess | undefined;

/** server/worker.ts on the test server's database; resolves once it says its workers run. */
function startWorker(databaseUrl: string) {
  const child = spawn(process.execPath, childArgs("worker"), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD,
      LOG_LEVEL: "info",
      EGRESS_ALLOW: "127.0.0.1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      if (out.includes("worker started")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before starting: ${out.slice(-500)}`)));
  });
}

beforeAll(async () => {
  if (!onPostgres) return;
  s = await startServer({ CRON_MIN_INTERVAL_SECONDS: "1" });
  t = await team(s);
  echo = await startEcho();
  worker = await startWorker(s.deps.config.DATABASE_URL!);
});
afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
  await echo?.close();
  await s?.close();
});

describe.skipIf(!onPostgres)("triggers with two job processes on one PostgreSQL", () => {
  it("run every tick of a per-second trigger exactly once", async () => {
    const pluginId = await echoPlugin(s, t.member.token, t.spaceId, echo);
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const bind = [{ name: "city", bindValueType: "Input", bindValue: "双进程" }];
    const { id } = ok(await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId, { argBindConfigs: bind })));
    await waitForRuns(s, t.member.token, id, (r) => r.filter((x) => x.status === "SUCCESS").length >= 6, 25_000);
    ok(await s.call(`/api/agent/component/delete/${id}`, { token: t.member.token, method: "POST" }));
    // Whatever was queued before the delete finishes; then every run is counted.
    let runs: { scheduled_at: string; status: string }[] = [];
    await vi.waitFor(
      async () => {
        runs = await rows(s, sql`select scheduled_at, status from trigger_run where trigger_id = ${id}`);
        expect(runs.every((r) => r.status !== "RUNNING")).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
    const ticks = runs.map((r) => new Date(r.scheduled_at).getTime());
    expect(new Set(ticks).size).toBe(ticks.length);
    const jobs = await rows<{ n: number }>(
      s,
      sql`select count(*)::int as n from pgboss.job where name = 'trigger-fire' and (data->>'triggerId')::int = ${id}`,
    );
    expect(jobs[0]!.n).toBe(runs.length);
    expect(echo.arrivals.filter((a) => a.query.city === "双进程").length).toBe(
      runs.filter((r) => r.status === "SUCCESS").length,
    );
  });
});
