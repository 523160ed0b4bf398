import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertComponent } from "#server/modules/agent/repo";
import { addAgent, ok, personalSpace, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import type { Envelope } from "../support/server";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const SECRET = "绝密提示词-7731";

/** Everything an outsider's call could have written, read straight from the database. */
async function state() {
  return {
    agents: await rows(s, sql`select * from agent order by id`),
    components: await rows(s, sql`select * from agent_component order by id`),
    history: await rows(s, sql`select id from config_history order by id`),
    relations: await rows(s, sql`select user_id, agent_id, type from user_agent_relation order by id`),
    statistics: await rows(s, sql`select * from agent_statistic order by agent_id, name`),
  };
}

type Call = { method: "GET" | "POST"; path: string; body?: unknown };

/** Every id-taking agent endpoint, aimed at one agent, its space and its components. */
function endpoints(agentId: number, spaceId: number, componentIds: number[], ownSpace: number): Call[] {
  const get = (path: string): Call => ({ method: "GET", path });
  const post = (path: string, body: unknown = {}): Call => ({ method: "POST", path, body });
  const calls: Call[] = [
    get(`/api/agent/${agentId}`),
    get(`/api/agent/config/history/list/${agentId}`),
    get(`/api/agent/variable/list/${agentId}`),
    get(`/api/agent/component/list/${agentId}`),
    get(`/api/published/agent/${agentId}`),
    get(`/api/agent/list/${spaceId}`),
    get(`/api/agent/list/${spaceId}?status=Recently_Open&creator=Me&kw=a`),
    get(`/api/component/list/${spaceId}`),
    post("/api/agent/page", { spaceId, current: 1, pageSize: 10 }),
    post("/api/agent/add", { spaceId, name: "入侵者" }),
    post("/api/agent/config/update", { id: agentId, name: "被改了", systemPrompt: "x" }),
    post(`/api/agent/delete/${agentId}`),
    post(`/api/agent/copy/${agentId}`),
    post(`/api/agent/copy/${agentId}/${ownSpace}`),
    post(`/api/agent/transfer/${agentId}/space/${ownSpace}`),
    post("/api/agent/component/add", { agentId, type: "Plugin", targetId: 1 }),
    post("/api/agent/component/add", {
      agentId,
      type: "Trigger",
      bindConfig: { name: "t", triggerType: "EVENT", componentType: "PLUGIN", componentId: 1 },
    }),
  ];
  for (const action of ["collect", "unCollect", "like", "unLike", "dev/collect", "dev/unCollect"]) {
    calls.push(post(`/api/user/agent/${action}/${agentId}`));
  }
  for (const id of componentIds) {
    calls.push(post(`/api/agent/component/delete/${id}`));
    for (const kind of ["model", "variable", "plugin", "workflow", "knowledge", "table", "trigger"]) {
      calls.push(post(`/api/agent/component/${kind}/update`, { id, bindConfig: {} }));
    }
  }
  return calls;
}

const send = (token: string, c: Call) =>
  s.call(c.path, { token, method: c.method, ...(c.method === "POST" ? { body: c.body } : {}) });

describe("outsider matrix", () => {
  it("refuses every id-taking endpoint with 4030/4040, leaks nothing and changes nothing", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "团队内部助手", template: "template-3" });
    ok(
      await s.call("/api/agent/config/update", { token: t.member.token, body: { id: agentId, systemPrompt: SECRET } }),
    );
    ok(await s.call(`/api/user/agent/collect/${agentId}`, { token: t.member.token, body: {} }));
    await insertComponent(s.deps.db, {
      tenantId: 1,
      agentId,
      type: "Plugin",
      targetId: 5,
      name: "内部插件",
      bindConfig: { invokeType: "MANUAL" },
    });
    const componentIds = (
      await rows<{ id: number }>(s, sql`select id from agent_component where agent_id = ${agentId}`)
    ).map((r) => r.id);
    const ownSpace = await personalSpace(s, t.outsider.token);
    const before = await state();

    const calls = endpoints(agentId, t.spaceId, componentIds, ownSpace);
    expect(calls.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const c of calls) {
      const res: Envelope = await send(t.outsider.token, c);
      const text = JSON.stringify(res);
      if (!["4030", "4040"].includes(res.code)) failures.push(`${c.method} ${c.path}: ${res.code} ${res.message}`);
      if (text.includes("团队内部助手") || text.includes(SECRET) || text.includes("内部插件")) {
        failures.push(`${c.method} ${c.path}: leaked ${text}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it("answers a hidden id exactly as it answers an id that does not exist", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const [component] = await rows<{ id: number }>(s, sql`select id from agent_component where agent_id = ${agentId}`);
    const ownSpace = await personalSpace(s, t.outsider.token);
    const hidden = endpoints(agentId, t.spaceId, [component!.id], ownSpace);
    const missing = endpoints(999_999, 999_998, [999_997], ownSpace);
    const differences: string[] = [];
    for (const [i, c] of hidden.entries()) {
      const a = await send(t.outsider.token, c);
      const b = await send(t.outsider.token, missing[i]!);
      if (a.code !== b.code || a.message !== b.message) {
        differences.push(`${c.path}: ${a.code} ${a.message} vs ${b.code} ${b.message}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it("refuses every one of them without a token (4010)", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const before = await state();
    const calls = endpoints(agentId, t.spaceId, [1], 1);
    const failures: string[] = [];
    for (const c of calls) {
      const res = await s.call(c.path, { method: c.method, ...(c.method === "POST" ? { body: c.body } : {}) });
      if (res.code !== "4010") failures.push(`${c.method} ${c.path}: ${res.code}`);
    }
    for (const path of ["/api/agent/card/list", "/api/home/list", "/api/user/agent/used/list/8"]) {
      if ((await s.call(path)).code !== "4010") failures.push(path);
    }
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
  });
});
