import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, components, ok, personalSpace, refused, type Team, team } from "../support/agents";
import { rawFetch, rows } from "../support/helpers";
import { publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";
import {
  addTrigger,
  type Echo,
  echoPlugin,
  eventTrigger,
  fireEvent,
  startEcho,
  timeTrigger,
  waitForRuns,
} from "./trigger-support";

/**
 * Whether triggers run (issue 15): states of added, copied and stopped triggers — a copy (in the space, from the
 * square) brings its triggers INACTIVE (no schedule, no token) and says so, 启用 starts them once their target is
 * usable, import reports them as skipped — and the minimum interval of a typed cron (default: once a minute).
 */

let s: TestServer;
let t: Team;
let echo: Echo;
let pluginId: number;
let agentId: number;
let timeId: number;
let eventId: number;
let eventToken: string;

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  echo = await startEcho();
  pluginId = await echoPlugin(s, t.member.token, t.spaceId, echo);
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "有触发器的助手" });
  timeId = ok(await addTrigger(s, t.member.token, agentId, timeTrigger(pluginId, { cronExpression: "0 9 * * *" }))).id;
  const event = ok(await addTrigger(s, t.member.token, agentId, eventTrigger(pluginId)));
  eventId = event.id;
  eventToken = event.eventBearerToken!;
});
afterAll(async () => {
  await echo?.close();
  await s?.close();
});

const states = (token: string, id: number) => s.call<any[]>(`/api/agent/trigger/state/list/${id}`, { token });
const enable = (token: string, id: number) =>
  s.call<{ id: number; eventBearerToken?: string; webhookUrl?: string }>(`/api/agent/component/trigger/enable/${id}`, {
    token,
    body: {},
  });
const scheduled = async (triggerId: number) =>
  (await rows(s, sql`select 1 from job_schedule where name = ${`trigger:${triggerId}`}`)).length === 1;

/** The copy's two triggers: [TIME, EVENT]. */
async function copiedTriggers(token: string, copyId: number) {
  const list = (await components(s, token, copyId)).filter((c) => c.type === "Trigger");
  expect(list.map((c) => c.bindConfig.triggerType)).toEqual(["TIME", "EVENT"]);
  return list.map((c) => c.id as number) as [number, number];
}

describe("trigger states", () => {
  it("are ACTIVE for added triggers, a TIME one with its next tick; only editors may read them", async () => {
    const list = ok(await states(t.member.token, agentId));
    expect(list).toEqual([
      { id: timeId, state: "ACTIVE", reason: null, nextRunTime: expect.any(Number), lastRun: null },
      { id: eventId, state: "ACTIVE", reason: null, nextRunTime: null, lastRun: null },
    ]);
    // 09:00 in Shanghai is 01:00 UTC.
    expect(new Date(list[0].nextRunTime).getUTCHours()).toBe(1);
    refused(await states(t.outsider.token, agentId), "4040");
    refused(await enable(t.outsider.token, timeId), "4040");
  });
});

describe("copying an agent", () => {
  it("in its space brings the triggers inactive, saying why; 启用 starts each (EVENT with a new token)", async () => {
    const copyId = ok(await s.call<number>(`/api/agent/copy/${agentId}`, { token: t.member.token, body: {} }));
    const [time, event] = await copiedTriggers(t.member.token, copyId);
    const inactive = ok(await states(t.member.token, copyId));
    expect(inactive).toEqual([
      {
        id: time,
        state: "INACTIVE",
        reason: expect.stringContaining("已复制的触发器需手动启用"),
        nextRunTime: null,
        lastRun: null,
      },
      {
        id: event,
        state: "INACTIVE",
        reason: expect.stringContaining("已复制的触发器需手动启用"),
        nextRunTime: null,
        lastRun: null,
      },
    ]);
    expect(await scheduled(time)).toBe(false);
    // The original's token opens only the original's webhook.
    refused(await fireEvent(s, event, eventToken, { place: "上海" }), "4030");
    expect(await scheduled(timeId)).toBe(true);

    expect(ok(await enable(t.member.token, time))).toEqual({ id: time });
    expect(await scheduled(time)).toBe(true);
    const secret = ok(await enable(t.member.token, event));
    expect(secret.eventBearerToken).toMatch(/^[\w-]{43}$/);
    expect(secret.webhookUrl).toBe(`${s.url}/api/trigger/event/${event}`);
    expect(secret.eventBearerToken).not.toBe(eventToken);
    ok(await fireEvent(s, event, secret.eventBearerToken!, { place: "上海" }));
    const [run] = await waitForRuns(s, t.member.token, event, (r) => r.length === 1);
    expect(run).toMatchObject({ status: "SUCCESS", input: { city: "上海" } });
    const after = ok(await states(t.member.token, copyId)) as { state: string; lastRun: unknown }[];
    expect(after.map((x) => x.state)).toEqual(["ACTIVE", "ACTIVE"]);
    // The state names the last run as the run log has it.
    expect(after.map((x) => x.lastRun)).toEqual([
      null,
      { status: "SUCCESS", startTime: run!.startTime, endTime: run!.endTime },
    ]);
    // Enabling a running EVENT trigger keeps its token (use 重置令牌 for a new one).
    expect(ok(await enable(t.member.token, event))).toEqual({ id: event });
    ok(await fireEvent(s, event, secret.eventBearerToken!, { place: "上海" }));
  });

  it("from the square into another space: inactive, and 启用 is refused while the target is not usable there", async () => {
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId, { category: "Efficiency", allowCopy: 1 });
    const target = await personalSpace(s, t.outsider.token);
    const copyId = ok(
      await s.call<number>("/api/publish/template/copy", {
        token: t.outsider.token,
        body: { targetType: "Agent", targetId: agentId, targetSpaceId: target },
      }),
    );
    const [time, event] = await copiedTriggers(t.outsider.token, copyId);
    const list = ok(await states(t.outsider.token, copyId)) as { state: string }[];
    expect(list.map((x) => x.state)).toEqual(["INACTIVE", "INACTIVE"]);
    for (const id of [time, event]) {
      const res = await enable(t.outsider.token, id);
      refused(res, "0001");
      expect(res.message).toContain("插件在当前空间不可用");
    }
    expect(await scheduled(time)).toBe(false);
  });

  it("by importing its configuration file reports the triggers as skipped, naming them", async () => {
    const { text } = await rawFetch(s, `/api/agent/export/${agentId}`, {
      headers: { authorization: `Bearer ${t.member.token}` },
    });
    const form = new FormData();
    form.append("file", new Blob([text], { type: "application/json" }), "a.agent.json");
    const { json } = await rawFetch(s, `/api/agent/import/${t.spaceId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.member.token}` },
      body: form,
    });
    const result = ok(json!);
    expect(result.skipped).toEqual([
      { type: "Trigger", name: "每秒回声", reason: expect.stringContaining("触发器") },
      { type: "Trigger", name: "事件回声", reason: expect.stringContaining("触发器") },
    ]);
  });
});

describe("a stopped trigger", () => {
  it("shows why; 启用 is refused until its target is usable, and an update starts it again", async () => {
    const doomed = await echoPlugin(s, t.member.token, t.spaceId, echo);
    const owner = await addAgent(s, t.member.token, t.spaceId);
    const added = ok(await addTrigger(s, t.member.token, owner, eventTrigger(doomed)));
    ok(await s.call(`/api/plugin/delete/${doomed}`, { token: t.member.token, method: "POST" }));
    ok(await fireEvent(s, added.id, added.eventBearerToken!, { place: "苏州" }));
    await waitForRuns(s, t.member.token, added.id, (r) => r.length === 1);
    const [stopped] = ok(await states(t.member.token, owner));
    expect(stopped).toMatchObject({
      state: "STOPPED",
      reason: expect.stringContaining("目标插件已删除"),
      lastRun: { status: "FAILED", startTime: expect.any(Number) },
    });
    refused(await enable(t.member.token, added.id), "0001");
    ok(
      await s.call("/api/agent/component/trigger/update", {
        token: t.member.token,
        body: { id: added.id, bindConfig: eventTrigger(pluginId) },
      }),
    );
    expect(ok(await states(t.member.token, owner))[0]).toMatchObject({ state: "ACTIVE", reason: null });
    ok(await fireEvent(s, added.id, added.eventBearerToken!, { place: "苏州" }));
  });
});

describe("a typed cron", () => {
  it("firing more often than once a minute is refused in Chinese, naming the field; once a minute is fine", async () => {
    const owner = await addAgent(s, t.member.token, t.spaceId);
    for (const cronExpression of ["* * * * * *", "*/30 * * * * *", "0,30 * * * * *"]) {
      const res = await addTrigger(s, t.member.token, owner, timeTrigger(pluginId, { cronExpression }));
      refused(res, "4000", "cronExpression");
      expect(res.message).toContain("两次执行至少间隔 1 分钟");
      const generic = await s.call("/api/agent/component/add", {
        token: t.member.token,
        body: { agentId: owner, type: "Trigger", bindConfig: timeTrigger(pluginId, { cronExpression }) },
      });
      refused(generic, "4000", "bindConfig.cronExpression");
    }
    expect((await components(s, t.member.token, owner)).filter((c) => c.type === "Trigger")).toEqual([]);
    for (const cronExpression of ["* * * * *", "30 * * * * *"]) {
      ok(await addTrigger(s, t.member.token, owner, timeTrigger(pluginId, { cronExpression })));
    }
    const [first] = (await components(s, t.member.token, owner)).filter((c) => c.type === "Trigger");
    const update = await s.call("/api/agent/component/trigger/update", {
      token: t.member.token,
      body: { id: first.id, bindConfig: timeTrigger(pluginId, { cronExpression: "*/5 * * * * *" }) },
    });
    refused(update, "4000", "bindConfig.cronExpression");
    expect(update.message).toContain("该 cron 有两次执行只相隔 5 秒");
  });
});
