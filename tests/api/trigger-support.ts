import { expect, vi } from "vitest";
import { ok } from "../support/agents";
import { newPlugin, publishPlugin, saveHttp, startService } from "../support/plugins";
import type { TestServer } from "../support/server";
import { detail, newWorkflow, param, ref, updateNode, wire } from "../support/workflows";

/** Triggers as a client drives them (issue 15), with a local HTTP service as the plugin they run. */

export type Echo = Awaited<ReturnType<typeof startEcho>>;

/** A service answering /echo with its query, noting when each request arrived. */
export async function startEcho() {
  const arrivals: { at: number; query: Record<string, string> }[] = [];
  const service = await startService({
    "/echo": (req) => {
      const query = Object.fromEntries(new URL(req.url ?? "/", "http://x").searchParams);
      arrivals.push({ at: Date.now(), query });
      return { body: { echoed: query } };
    },
  });
  return { ...service, arrivals };
}

/** An HTTP plugin calling the echo service, published to the space (agents run publications only). */
export async function echoPlugin(s: TestServer, token: string, spaceId: number, echo: Echo) {
  const id = await newPlugin(s, token, spaceId, { name: "回声" });
  const config = {
    method: "GET",
    url: `http://127.0.0.1:${echo.port}/echo`,
    timeout: 10,
    inputArgs: [
      { name: "city", dataType: "String", require: true, inputType: "Query" },
      { name: "note", dataType: "String", inputType: "Query" },
    ],
    outputArgs: [{ name: "echoed", dataType: "Object" }],
  };
  ok(await saveHttp(s, token, id, config));
  ok(await publishPlugin(s, token, id, [{ scope: "Space" }]));
  return id;
}

/**
 * Start(city required, note) → End TEXT "{{city}}：{{note}}", published to the space: a workflow target taking the
 * same bound arguments as the echo plugin.
 */
export async function echoWorkflow(s: TestServer, token: string, spaceId: number) {
  const id = await newWorkflow(s, token, spaceId, "回声流程");
  const { startNode, endNode } = await detail(s, token, id);
  const start = [param("city"), { name: "note", dataType: "String" }];
  ok(await updateNode(s, token, "update", { nodeId: startNode.id, nodeConfig: { inputArgs: start } }));
  const outputArgs = [
    ref("city", `${startNode.id}.city`),
    ref("note", `${startNode.id}.note`),
    ref("user", `${startNode.id}.SYS_USER_ID`, "Integer"),
  ];
  const endConfig = { returnType: "TEXT", content: "{{city}}：{{note}}", outputArgs };
  ok(await updateNode(s, token, "end", { nodeId: endNode.id, nodeConfig: endConfig }));
  ok(await wire(s, token, startNode.id, [endNode.id]));
  const body = { targetType: "Workflow", targetId: id, category: "Efficiency", items: [{ scope: "Space", spaceId }] };
  ok(await s.call("/api/publish/apply", { token, body }));
  return id;
}

export const timeTrigger = (pluginId: number, extra: Record<string, unknown> = {}) => ({
  name: "每秒回声",
  triggerType: "TIME",
  cronExpression: "* * * * * *",
  timeZone: "Asia/Shanghai",
  componentType: "PLUGIN",
  componentId: pluginId,
  argBindConfigs: [{ name: "city", bindValueType: "Input", bindValue: "杭州" }],
  ...extra,
});

export const eventTrigger = (pluginId: number, extra: Record<string, unknown> = {}) => ({
  name: "事件回声",
  triggerType: "EVENT",
  componentType: "PLUGIN",
  componentId: pluginId,
  eventArgs: [
    { name: "place", dataType: "String", require: true },
    { name: "count", dataType: "Integer" },
  ],
  argBindConfigs: [
    { name: "city", bindValueType: "Reference", bindValue: "place" },
    { name: "note", bindValueType: "Input", bindValue: "来自网络钩子" },
  ],
  ...extra,
});

export function addTrigger(s: TestServer, token: string | null, agentId: number, config: Record<string, unknown>) {
  return s.call<{ id: number; eventBearerToken?: string; webhookUrl?: string }>("/api/agent/component/trigger/add", {
    token,
    body: { agentId, ...config },
  });
}

export function runList(s: TestServer, token: string | null, triggerId: number, current = 1, pageSize = 50) {
  return s.call<{ records: any[]; total: number }>("/api/agent/trigger/run/list", {
    token,
    body: { triggerId, current, pageSize },
  });
}

/** Waits until the trigger's finished runs satisfy `check`, and answers them (newest first). */
export async function waitForRuns(
  s: TestServer,
  token: string,
  triggerId: number,
  check: (finished: any[]) => boolean,
  timeout = 15_000,
) {
  let finished: any[] = [];
  await vi.waitFor(
    async () => {
      const page = ok(await runList(s, token, triggerId));
      finished = page.records.filter((r) => r.status !== "RUNNING");
      expect(check(finished)).toBe(true);
    },
    { timeout, interval: 100 },
  );
  return finished;
}

export function fireEvent(s: TestServer, triggerId: number, token: string | null, body: unknown) {
  return s.call<{ runId: number }>(`/api/trigger/event/${triggerId}`, {
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
