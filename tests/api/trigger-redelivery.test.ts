import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fireTrigger } from "#server/runtime/trigger/fire";
import { addAgent, ok, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { addTrigger, type Echo, echoPlugin, startEcho, timeTrigger } from "./trigger-support";

/**
 * A cron tick's job is delivered again when the process running it dies (the queue delivers at least once): the
 * tick must still run at most once — a second delivery adds no run, and a run the dead process left RUNNING is
 * closed as interrupted instead of calling the target again.
 */

let s: TestServer;
let t: Team;
let echo: Echo;
let triggerId: number;
let agentId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  echo = await startEcho();
  const pluginId = await echoPlugin(s, t.member.token, t.spaceId, echo);
  agentId = await addAgent(s, t.member.token, t.spaceId);
  // Once a year: the schedule itself does not fire while the test delivers ticks by hand.
  triggerId = ok(
    await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId, { cronExpression: "0 0 1 1 *" })),
  ).id;
});
afterAll(async () => {
  await echo?.close();
  await s?.close();
});

const attempt = () => ({ id: "redelivered", retryCount: 0, retryLimit: 0, signal: new AbortController().signal });
const tick = (scheduledAt: string) => ({ source: "TIME" as const, triggerId, agentId, tenantId: 1, scheduledAt });
const runsAt = (scheduledAt: string) =>
  rows<{ status: string; error: string | null }>(
    s,
    sql`select status, error from trigger_run where trigger_id = ${triggerId} and scheduled_at = ${scheduledAt}`,
  );

describe("a cron tick delivered twice", () => {
  it("runs its target once", async () => {
    const at = "2030-01-01T00:00:00.000Z";
    await fireTrigger(s.deps, tick(at), attempt());
    await fireTrigger(s.deps, tick(at), attempt());
    expect(await runsAt(at)).toEqual([{ status: "SUCCESS", error: null }]);
    expect(echo.arrivals.length).toBe(1);
  });

  it("closes the run a dead process left RUNNING instead of running the tick again", async () => {
    const at = "2031-01-01T00:00:00.000Z";
    const before = echo.arrivals.length;
    await s.deps.db.execute(
      sql`insert into trigger_run (tenant_id, agent_id, trigger_id, source, status, scheduled_at)
          values (1, ${agentId}, ${triggerId}, 'TIME', 'RUNNING', ${at})`,
    );
    await fireTrigger(s.deps, tick(at), attempt());
    const [run] = await runsAt(at);
    expect(run?.status).toBe("FAILED");
    expect(run?.error).toContain("不会重复执行");
    expect(echo.arrivals.length).toBe(before);
  });
});
