import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { livePluginRows, newPlugin, publishPlugin, saveHttp } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";
import { newWorkflow } from "../support/workflows";

/**
 * The caller's favourite plugins and workflows: POST /api/published/{plugin|workflow}/collect/list, as the original
 * client's component picker (我的收藏) reads it — `data` is the array of square cards, newest favourite first, paged
 * by `page`/`pageSize`, filtered by `kw`; only favourites the caller can still see.
 */
let s: TestServer;
let t: Team;
const plugins: Record<string, number> = {};
let workflowId: number;

async function publishedPlugin(name: string, scope: "Tenant" | "Space") {
  const id = await newPlugin(s, t.member.token, t.spaceId, { name, description: `${name}的说明` });
  ok(await saveHttp(s, t.member.token, id, { url: "https://api.example.com/weather" }));
  ok(await publishPlugin(s, t.member.token, id, [scope === "Tenant" ? { scope } : { scope, spaceId: t.spaceId }]));
  return id;
}

const collect = (token: string, kind: "plugin" | "workflow", id: number) =>
  s.call(`/api/published/${kind}/collect/${id}`, { token, body: { [`${kind}Id`]: id } });
const list = (token: string | null, kind: "plugin" | "workflow", body: Record<string, unknown> = {}) =>
  s.call<any[]>(`/api/published/${kind}/collect/list`, { token, body });
const ids = async (token: string, kind: "plugin" | "workflow", body: Record<string, unknown> = {}) =>
  ok(await list(token, kind, body)).map((card) => card.targetId as number);

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  for (const name of ["天气查询", "汇率换算", "快递查询"]) plugins[name] = await publishedPlugin(name, "Tenant");
  plugins.团队工具 = await publishedPlugin("团队工具", "Space");
  workflowId = await newWorkflow(s, t.member.token, t.spaceId, "旅行规划");
  ok(
    await s.call("/api/publish/apply", {
      token: t.member.token,
      body: { targetType: "Workflow", targetId: workflowId, category: "Efficiency", items: [{ scope: "Tenant" }] },
    }),
  );
  for (const name of ["天气查询", "汇率换算", "团队工具"]) ok(await collect(t.member.token, "plugin", plugins[name]!));
  ok(await collect(t.member.token, "workflow", workflowId));
});
afterAll(async () => {
  await s?.close();
});

describe("favourite plugins and workflows", () => {
  it("are listed newest favourite first as square cards marked collect, paged and searchable", async () => {
    const cards = ok(await list(t.member.token, "plugin"));
    expect(cards.map((c) => c.targetId)).toEqual([plugins.团队工具, plugins.汇率换算, plugins.天气查询]);
    expect(cards[1]).toMatchObject({
      targetType: "Plugin",
      name: "汇率换算",
      description: "汇率换算的说明",
      pluginType: "HTTP",
      collect: true,
      statistics: { collectCount: 1, targetId: plugins.汇率换算 },
      publishUser: { userId: t.member.id },
      scope: "Tenant",
    });
    expect(cards[1].icon).toMatch(/^\/api\/icons\/plugin\.svg$/);
    expect(await ids(t.member.token, "plugin", { page: 1, pageSize: 2 })).toEqual([plugins.团队工具, plugins.汇率换算]);
    expect(await ids(t.member.token, "plugin", { page: 2, pageSize: 2 })).toEqual([plugins.天气查询]);
    expect(await ids(t.member.token, "plugin", { page: 3, pageSize: 2 })).toEqual([]);
    expect(await ids(t.member.token, "plugin", { kw: "汇率" })).toEqual([plugins.汇率换算]);
    expect(await ids(t.member.token, "plugin", { kw: "天气查询的说明" })).toEqual([plugins.天气查询]);
    const workflows = ok(await list(t.member.token, "workflow", { page: 1, pageSize: 20 }));
    expect(workflows).toEqual([
      expect.objectContaining({ targetType: "Workflow", targetId: workflowId, name: "旅行规划", collect: true }),
    ]);
  });

  it("drop a publication taken off the square, and bring it back when it is published again", async () => {
    const id = plugins.天气查询!;
    const [live] = await livePluginRows(s, id);
    ok(
      await s.call("/api/publish/offShelf", {
        token: t.member.token,
        body: { targetType: "Plugin", publishId: live?.id },
      }),
    );
    expect(await ids(t.member.token, "plugin")).toEqual([plugins.团队工具, plugins.汇率换算]);
    ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant" }]));
    expect(await ids(t.member.token, "plugin")).toEqual([plugins.团队工具, plugins.汇率换算, id]);
  });

  it("refuse bad paging with 4000 naming the field, and callers not signed in with 4010", async () => {
    for (const kind of ["plugin", "workflow"] as const) {
      refused(await list(t.member.token, kind, { page: 0 }), "4000", "page");
      refused(await list(t.member.token, kind, { pageSize: 101 }), "4000", "pageSize");
      refused(await list(t.member.token, kind, { page: "x" }), "4000", "page");
      refused(await list(t.member.token, kind, { kw: "长".repeat(65) }), "4000", "kw");
      refused(await list(null, kind), "4010");
    }
  });

  it("show others nothing of somebody's favourites, nor what they cannot see, nor another tenant's", async () => {
    expect(await ids(t.outsider.token, "plugin")).toEqual([]);
    expect(await ids(t.outsider.token, "workflow")).toEqual([]);
    ok(await collect(t.outsider.token, "plugin", plugins.快递查询!));
    expect(await ids(t.outsider.token, "plugin")).toEqual([plugins.快递查询]);
    expect(await ids(t.member.token, "plugin")).not.toContain(plugins.快递查询);
    // The outsider cannot favourite the team's own publication; a favourite left behind (stored directly, as if they
    // had left the team) is not listed, nor one whose only publication is in another tenant.
    refused(await collect(t.outsider.token, "plugin", plugins.团队工具!), "4040");
    const foreign = await newPlugin(s, t.member.token, t.spaceId, { name: "别处的插件" });
    await rows(
      s,
      sql`insert into published (tenant_id, space_id, user_id, target_type, target_id, name, description, icon, remark,
            scope, category, allow_copy, only_template, config)
          select 2, space_id, user_id, target_type, ${foreign}, '别处的插件', description, icon, remark, scope, category,
            allow_copy, only_template, config
          from published where target_type = 'Plugin' and target_id = ${plugins.汇率换算} limit 1`,
    );
    await rows(
      s,
      sql`insert into user_favourite (tenant_id, user_id, target_type, target_id) values
          (1, ${t.outsider.id}, 'Plugin', ${plugins.团队工具}), (1, ${t.outsider.id}, 'Plugin', ${foreign})`,
    );
    expect(await ids(t.outsider.token, "plugin")).toEqual([plugins.快递查询]);
  });
});
