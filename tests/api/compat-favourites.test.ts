import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { newPlugin, publishPlugin, saveHttp, squarePlugins } from "../support/plugins";
import { applyAgent, saveConfig } from "../support/publish";
import { startServer, type TestServer } from "../support/server";
import { newWorkflow } from "../support/workflows";

/**
 * The original client's square for plugins and workflows (reference §1.11): each card and published view carries
 * `statistics` and the reader's `collect`, set by /api/published/{plugin|workflow}/collect/{id} and /unCollect/{id};
 * a published view adds `sampleOutput` and `created`; the audit list says a plugin's `pluginType`.
 */
let s: TestServer;
let t: Team;
let pluginId: number;
let workflowId: number;

const outputArgs = [
  { name: "temp", dataType: "Number" },
  { name: "info", dataType: "Object", subArgs: [{ name: "city", dataType: "String" }] },
  { name: "tags", dataType: "Array_String" },
];

async function httpPlugin(name: string) {
  const id = await newPlugin(s, t.member.token, t.spaceId, { name });
  ok(await saveHttp(s, t.member.token, id, { url: "https://api.example.com/weather", outputArgs }));
  return id;
}

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  pluginId = await httpPlugin("天气查询");
  ok(await publishPlugin(s, t.member.token, pluginId, [{ scope: "Tenant" }]));
  workflowId = await newWorkflow(s, t.member.token, t.spaceId);
  ok(
    await s.call("/api/publish/apply", {
      token: t.member.token,
      body: { targetType: "Workflow", targetId: workflowId, category: "Efficiency", items: [{ scope: "Tenant" }] },
    }),
  );
});
afterAll(async () => {
  await s?.close();
});

const toggle = (token: string | null, kind: "plugin" | "workflow", action: "collect" | "unCollect", id: number) =>
  s.call(`/api/published/${kind}/${action}/${id}`, { token, body: { [`${kind}Id`]: id } });

async function card(token: string | null, kind: "plugin" | "workflow", id: number) {
  const page = ok(await s.call(`/api/published/${kind}/list`, { token, body: { page: 1, pageSize: 100 } }));
  return (page.records as any[]).find((r) => r.targetId === id);
}

describe("a published plugin's figures and favourite", () => {
  it("counts favourites and the agents using it; each reader sees their own mark", async () => {
    expect(await card(t.member.token, "plugin", pluginId)).toMatchObject({
      statistics: { collectCount: 0, referenceCount: 0, likeCount: 0, targetId: pluginId },
      collect: false,
    });
    ok(await toggle(t.member.token, "plugin", "collect", pluginId));
    ok(await toggle(t.member.token, "plugin", "collect", pluginId));
    ok(await toggle(t.outsider.token, "plugin", "collect", pluginId));
    for (const agentName of ["甲", "乙"]) {
      const agentId = await addAgent(s, t.member.token, t.spaceId, { name: agentName });
      const bind = { agentId, type: "Plugin", targetId: pluginId };
      ok(await s.call("/api/agent/component/add", { token: t.member.token, body: bind }));
    }
    const figures = { collectCount: 2, referenceCount: 2, targetId: pluginId };
    expect(await card(t.member.token, "plugin", pluginId)).toMatchObject({ statistics: figures, collect: true });
    expect(await card(t.other.token, "plugin", pluginId)).toMatchObject({ statistics: figures, collect: false });
    expect(await card(null, "plugin", pluginId)).toMatchObject({ statistics: figures, collect: false });
    expect((await squarePlugins(s, null)).records.every((r: any) => typeof r.statistics.callCount === "number")).toBe(
      true,
    );

    const view = ok(await s.call(`/api/published/plugin/${pluginId}`, { token: t.member.token }));
    expect(view).toMatchObject({ statistics: figures, collect: true });
    expect(JSON.parse(view.sampleOutput)).toEqual({ temp: 0, info: { city: "" }, tags: [""] });
    expect(Date.parse(view.created)).toBeGreaterThan(0);

    ok(await toggle(t.member.token, "plugin", "unCollect", pluginId));
    ok(await toggle(t.member.token, "plugin", "unCollect", pluginId));
    expect(await card(t.member.token, "plugin", pluginId)).toMatchObject({
      statistics: { collectCount: 1 },
      collect: false,
    });
  });
});

describe("a published workflow's figures and favourite", () => {
  it("shows the favourite in its card and published view, with a sample of the End node's outputs", async () => {
    ok(await toggle(t.other.token, "workflow", "collect", workflowId));
    expect(await card(t.other.token, "workflow", workflowId)).toMatchObject({
      statistics: { collectCount: 1, referenceCount: 0, targetId: workflowId },
      collect: true,
    });
    const view = ok(await s.call(`/api/published/workflow/${workflowId}`, { token: t.other.token }));
    expect(view).toMatchObject({ statistics: { collectCount: 1 }, collect: true });
    const sample = JSON.parse(view.sampleOutput);
    expect(Object.keys(sample)).toEqual(view.outputArgs.map((a: { name: string }) => a.name));
    expect(Date.parse(view.created)).toBeGreaterThan(0);
    ok(await toggle(t.other.token, "workflow", "unCollect", workflowId));
    expect((await card(t.other.token, "workflow", workflowId)).collect).toBe(false);
  });
});

describe("who may favourite", () => {
  it("only a publication the caller can see: unpublished, other spaces' and missing ones are 4040", async () => {
    const draft = await httpPlugin("草稿插件");
    refused(await toggle(t.member.token, "plugin", "collect", draft), "4040");
    const spaceOnly = await httpPlugin("空间插件");
    ok(await publishPlugin(s, t.member.token, spaceOnly, [{ scope: "Space" }]));
    ok(await toggle(t.other.token, "plugin", "collect", spaceOnly));
    refused(await toggle(t.outsider.token, "plugin", "collect", spaceOnly), "4040");
    refused(await toggle(t.outsider.token, "plugin", "unCollect", spaceOnly), "4040");
    refused(await toggle(t.member.token, "workflow", "collect", 999_999), "4040");
    refused(await toggle(null, "plugin", "collect", pluginId), "4010");
    refused(await toggle(t.member.token, "plugin", "collect", "abc" as unknown as number), "4000", "id");
  });
});

describe("the audit list's pluginType", () => {
  it("says HTTP for a plugin's application and null for an agent's", async () => {
    await saveConfig(s, t.sysAdmin, { pluginPublishAudit: 1 });
    try {
      const audited = await httpPlugin("审核插件");
      ok(await publishPlugin(s, t.member.token, audited, [{ scope: "Tenant" }]));
      const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "待审助手" });
      ok(await applyAgent(s, t.member.token, agentId));
      const page = ok(
        await s.call("/api/system/publish/apply/list", {
          token: t.sysAdmin,
          body: { pageNo: 1, pageSize: 100, queryFilter: { publishStatus: "Applying" } },
        }),
      );
      const records = page.records as any[];
      expect(records.find((r) => r.targetType === "Plugin" && r.targetId === audited)?.pluginType).toBe("HTTP");
      expect(records.find((r) => r.targetType === "Agent" && r.targetId === agentId)?.pluginType).toBeNull();
    } finally {
      await saveConfig(s, t.sysAdmin, { pluginPublishAudit: 0 });
    }
  });
});
