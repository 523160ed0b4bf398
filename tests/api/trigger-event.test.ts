import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, components, ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import {
  addTrigger,
  type Echo,
  echoPlugin,
  echoWorkflow,
  eventTrigger,
  fireEvent,
  runList,
  startEcho,
  waitForRuns,
} from "./trigger-support";

/** EVENT triggers (issue 15): a webhook with a bearer token shown once, arguments checked, runs logged. */

let s: TestServer;
let t: Team;
let echo: Echo;
let pluginId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  echo = await startEcho();
  pluginId = await echoPlugin(s, t.member.token, t.spaceId, echo);
});
afterAll(async () => {
  await echo?.close();
  await s?.close();
});

async function newEventTrigger(extra: Record<string, unknown> = {}) {
  const agentId = await addAgent(s, t.member.token, t.spaceId);
  const added = ok(await addTrigger(s, t.member.token, agentId, eventTrigger(pluginId, extra)));
  return { agentId, ...added, token: added.eventBearerToken! };
}

const runCount = async (triggerId: number) =>
  (await rows<{ n: number }>(s, sql`select count(*)::int as n from trigger_run where trigger_id = ${triggerId}`))[0]!.n;

describe("EVENT triggers", () => {
  it("answer a token and webhook URL once, keep only the token's hash, and run on a call with it", async () => {
    const { agentId, id, token, webhookUrl } = await newEventTrigger();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(webhookUrl).toBe(`${s.url}/api/trigger/event/${id}`);
    const listed = JSON.stringify(await components(s, t.member.token, agentId));
    expect(listed).toContain("事件回声");
    expect(listed).not.toContain(token);
    const [state] = await rows(s, sql`select * from trigger_state where component_id = ${id}`);
    expect(state!.token_hash).not.toBe(token);

    const called = ok(await fireEvent(s, id, token, { place: "苏州", count: 3, extra: "ignored" }));
    const [run] = await waitForRuns(s, t.member.token, id, (r) => r.length === 1);
    expect(run).toMatchObject({
      id: called.runId,
      status: "SUCCESS",
      source: "EVENT",
      input: { city: "苏州", note: "来自网络钩子" },
      output: { echoed: { city: "苏州", note: "来自网络钩子" } },
    });
    expect(echo.arrivals.some((a) => a.query.city === "苏州")).toBe(true);
  });

  it("refuses no token (4010), a wrong one (4030), an unknown trigger (4040), and runs nothing", async () => {
    const { id, token } = await newEventTrigger();
    refused(await fireEvent(s, id, null, { place: "苏州" }), "4010");
    refused(await fireEvent(s, id, `${token.slice(0, -2)}xx`, { place: "苏州" }), "4030");
    refused(await fireEvent(s, id, "x".repeat(43), { place: "苏州" }), "4030");
    refused(await fireEvent(s, 999_999, token, { place: "苏州" }), "4040");
    expect(await runCount(id)).toBe(0);
  });

  it("refuses arguments that miss a required one or have the wrong type, naming it, and runs nothing", async () => {
    const { id, token } = await newEventTrigger();
    refused(await fireEvent(s, id, token, {}), "4000", "place");
    refused(await fireEvent(s, id, token, { place: "苏州", count: "三" }), "4000", "count");
    refused(await fireEvent(s, id, token, { place: 42 }), "4000", "place");
    refused(await fireEvent(s, id, token, ["苏州"]), "4000", "body");
    expect(await runCount(id)).toBe(0);
  });

  it("rotates the token: the old one stops working, the new one works; only editors may rotate", async () => {
    const { id, token } = await newEventTrigger();
    refused(
      await s.call(`/api/agent/component/trigger/token/rotate/${id}`, { token: t.outsider.token, method: "POST" }),
      "4040",
    );
    const rotated = ok(
      await s.call<any>(`/api/agent/component/trigger/token/rotate/${id}`, { token: t.member.token, method: "POST" }),
    );
    expect(rotated.eventBearerToken).not.toBe(token);
    refused(await fireEvent(s, id, token, { place: "无锡" }), "4030");
    ok(await fireEvent(s, id, rotated.eventBearerToken, { place: "无锡" }));
    await waitForRuns(s, t.member.token, id, (r) => r.length === 1 && r[0].status === "SUCCESS");
    refused(await runList(s, t.outsider.token, id), "4040");
  });

  it("runs a workflow target with the bound arguments as its Start parameters", async () => {
    const workflowId = await echoWorkflow(s, t.member.token, t.spaceId);
    const { id, token } = await newEventTrigger({ componentType: "WORKFLOW", componentId: workflowId });
    ok(await fireEvent(s, id, token, { place: "宁波" }));
    const [run] = await waitForRuns(s, t.member.token, id, (r) => r.length === 1);
    expect(run).toMatchObject({
      status: "SUCCESS",
      input: { city: "宁波", note: "来自网络钩子" },
      // The run is the trigger owner's: the Start node's system variables say who.
      output: expect.objectContaining({ outputContent: "宁波：来自网络钩子", user: t.member.id }),
    });
  });

  it("is rate limited per trigger", async () => {
    const { id } = await newEventTrigger();
    const answers: string[] = [];
    for (let i = 0; i < 61; i++) answers.push((await fireEvent(s, id, "wrong-token-wrong-token-wrong", {})).code);
    expect(answers.slice(0, 60).every((c) => c === "4030")).toBe(true);
    expect(answers[60]).toBe("4290");
  });

  it("stops when its agent is deleted or its target is gone", async () => {
    const agentGone = await newEventTrigger();
    ok(await s.call(`/api/agent/delete/${agentGone.agentId}`, { token: t.member.token, method: "POST" }));
    refused(await fireEvent(s, agentGone.id, agentGone.token, { place: "苏州" }), "4040");

    const doomed = await echoPlugin(s, t.member.token, t.spaceId, echo);
    const targetGone = await newEventTrigger({ componentId: doomed });
    ok(await s.call(`/api/plugin/delete/${doomed}`, { token: t.member.token, method: "POST" }));
    ok(await fireEvent(s, targetGone.id, targetGone.token, { place: "苏州" }));
    const [failed] = await waitForRuns(s, t.member.token, targetGone.id, (r) => r.length === 1);
    expect(failed).toMatchObject({ status: "FAILED", error: expect.stringContaining("目标插件已删除") });
    // Stopped: further calls are refused with the reason, and nothing more runs.
    const again = await fireEvent(s, targetGone.id, targetGone.token, { place: "苏州" });
    refused(again, "0001");
    expect(again.message).toContain("目标插件已删除");
    expect(await runCount(targetGone.id)).toBe(1);
  });
});
