import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, components, ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { addTrigger, type Echo, echoPlugin, runList, startEcho, timeTrigger, waitForRuns } from "./trigger-support";

/** TIME triggers (issue 15): a per-second cron fires within the test, runs its plugin, and stops when told to. */

let s: TestServer;
let t: Team;
let echo: Echo;
let pluginId: number;
beforeAll(async () => {
  s = await startServer({ CRON_MIN_INTERVAL_SECONDS: "1" });
  t = await team(s);
  echo = await startEcho();
  pluginId = await echoPlugin(s, t.member.token, t.spaceId, echo);
});
afterAll(async () => {
  await echo?.close();
  await s?.close();
});

const schedules = (triggerId: number) =>
  rows(s, sql`select * from job_schedule where name = ${`trigger:${triggerId}`}`);

describe("TIME triggers", () => {
  it("fire on their cron, run the plugin with the bound literal, and log each run", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const added = ok(await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId)));
    expect(added).toEqual({ id: expect.any(Number) });
    const runs = await waitForRuns(s, t.member.token, added.id, (r) => r.length >= 2);
    for (const run of runs) {
      expect(run).toMatchObject({ triggerId: added.id, status: "SUCCESS", source: "TIME", error: null });
      expect(run.input).toEqual({ city: "杭州" });
      expect(run.output).toEqual({ echoed: { city: "杭州" } });
      expect(run.scheduledTime % 1000).toBe(0);
      expect(run.startTime).toBeGreaterThanOrEqual(run.scheduledTime);
      expect(run.endTime).toBeGreaterThanOrEqual(run.startTime);
    }
    expect(new Set(runs.map((r) => r.scheduledTime)).size).toBe(runs.length);
    expect(echo.arrivals.some((a) => a.query.city === "杭州")).toBe(true);

    // Deleting the component stops it at once: its schedule is gone with the answer.
    ok(await s.call(`/api/agent/component/delete/${added.id}`, { token: t.member.token, method: "POST" }));
    expect(await schedules(added.id)).toEqual([]);
    refused(await runList(s, t.member.token, added.id), "4040");
  });

  it("takes a new cron on update, and refuses bad crons and time zones naming the field", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const { id } = ok(
      await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId, { cronExpression: "0 9 * * *" })),
    );
    const [before] = await schedules(id);
    expect(before).toMatchObject({ cron: "0 9 * * *", time_zone: "Asia/Shanghai" });
    // 09:00 in Shanghai is 01:00 UTC.
    expect(new Date(before!.next_run_at as string).getUTCHours()).toBe(1);
    const bindConfig = timeTrigger(pluginId, { cronExpression: "30 7 * * 1-5", timeZone: "UTC" });
    ok(await s.call("/api/agent/component/trigger/update", { token: t.member.token, body: { id, bindConfig } }));
    const [after] = await schedules(id);
    expect(after).toMatchObject({ cron: "30 7 * * 1-5", time_zone: "UTC" });
    const next = new Date(after!.next_run_at as string);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([7, 30]);

    for (const [extra, field] of [
      [{ cronExpression: "every day" }, "bindConfig.cronExpression"],
      [{ cronExpression: "0 0 9 * * * 2030" }, "bindConfig.cronExpression"],
      [{ timeZone: "Mars/Olympus" }, "bindConfig.timeZone"],
    ] as const) {
      refused(
        await s.call("/api/agent/component/trigger/update", {
          token: t.member.token,
          body: { id, bindConfig: timeTrigger(pluginId, extra) },
        }),
        "4000",
        field,
      );
      refused(await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId, extra)), "4000", field.slice(11));
    }
    expect((await schedules(id))[0]).toMatchObject({ cron: "30 7 * * 1-5" });
  });

  it("stops when its target plugin is gone, with the reason as a FAILED run", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const doomed = await echoPlugin(s, t.member.token, t.spaceId, echo);
    const { id } = ok(await addTrigger(s, t.member.token, agentId, timeTrigger(doomed)));
    await waitForRuns(s, t.member.token, id, (r) => r.some((x) => x.status === "SUCCESS"));
    ok(await s.call(`/api/plugin/delete/${doomed}`, { token: t.member.token, method: "POST" }));
    const runs = await waitForRuns(s, t.member.token, id, (r) => r.some((x) => x.status === "FAILED"));
    const failed = runs.find((r) => r.status === "FAILED")!;
    expect(failed.error).toContain("目标插件已删除");
    expect(await schedules(id)).toEqual([]);
    // Still listed on the agent, so its editors can read why it stopped.
    expect((await components(s, t.member.token, agentId)).some((c: any) => c.id === id)).toBe(true);
  });

  it("shows triggers and run logs to the agent's editors only", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const { id } = ok(
      await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId, { cronExpression: "0 9 * * *" })),
    );
    ok(await runList(s, t.admin.token, id));
    refused(await runList(s, t.outsider.token, id), "4040");
    refused(await runList(s, null, id), "4010");
    refused(await addTrigger(s, t.outsider.token, agentId, timeTrigger(pluginId)), "4040");
    refused(await s.call(`/api/agent/component/delete/${id}`, { token: t.outsider.token, method: "POST" }), "4040");
    expect(await schedules(id)).toHaveLength(1);
  });

  it("lists time zones grouped by UTC offset and the cron presets", async () => {
    const data = ok(await s.call<any>("/api/agent/trigger/timeZone/data", { token: t.member.token }));
    const plus8 = data.utcTimeZones.find((g: any) => g.utc === "UTC+08:00");
    expect(plus8.timeZones).toContainEqual({ timeZone: "Asia/Shanghai", name: expect.stringContaining("北京") });
    expect(data.cronExpScopes.flatMap((s: any) => s.cronExps)).toContainEqual({
      day: "每天 09:00",
      expression: "0 9 * * *",
    });
    refused(await s.call("/api/agent/trigger/timeZone/data", {}), "4010");
  });
});
