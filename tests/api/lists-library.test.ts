import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { newPlugin } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";
import { newWorkflow } from "../support/workflows";
import { newTable } from "./table-support";

/** POST /api/component/page: the 组件库 page's rows, paged, filtered and searched by the server. */

let s: TestServer;
let t: Team;
let ids: { weather: number; code: number; ownerPlugin: number; workflow: number; table: number };
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  ids = {
    weather: await newPlugin(s, t.member.token, t.spaceId, { name: "天气查询", description: "按城市查 WEATHER" }),
    code: await newPlugin(s, t.member.token, t.spaceId, { name: "100%代码", type: "CODE", codeLang: "JavaScript" }),
    ownerPlugin: await newPlugin(s, t.owner.token, t.spaceId, { name: "汇率换算" }),
    workflow: await newWorkflow(s, t.member.token, t.spaceId, "旅行规划"),
    table: await newTable(s, t.member.token, t.spaceId, "客户表"),
  };
  // Another space's component, which no page of this space may show.
  const [elsewhere] = ok<{ id: number }[]>(await s.call("/api/space/list", { token: t.outsider.token }));
  await newPlugin(s, t.outsider.token, elsewhere!.id, { name: "别处的插件" });
});
afterAll(() => s.close());

const page = (body: Record<string, unknown>, token = t.other.token) =>
  s.call<any>("/api/component/page", { token, body: { spaceId: t.spaceId, ...body } });
const keys = (p: { records: { type: string; id: number }[] }) => p.records.map((r) => `${r.type}:${r.id}`);

describe("POST /api/component/page", () => {
  it("answers the space's components newest first in the page envelope, the same rows as the whole list", async () => {
    // Newest change first: the table (created last), the workflow, then the plugins in reverse order.
    const all = ok(await page({}));
    expect(all).toMatchObject({ total: 5, size: 30, current: 1, pages: 1 });
    expect(keys(all)).toEqual([
      `Table:${ids.table}`,
      `Workflow:${ids.workflow}`,
      `Plugin:${ids.ownerPlugin}`,
      `Plugin:${ids.code}`,
      `Plugin:${ids.weather}`,
    ]);
    const list = ok<any[]>(await s.call(`/api/component/list/${t.spaceId}`, { token: t.other.token }));
    expect(all.records.map((r: any) => `${r.type}:${r.id}`).sort()).toEqual(
      list.map((r) => `${r.type}:${r.id}`).sort(),
    );
    // Each row is the list's row, field for field.
    for (const row of all.records) expect(list).toContainEqual(row);
  });

  it("pages: every row once across the pages, and a page past the end is empty but still counts", async () => {
    const seen: string[] = [];
    for (let current = 1; current <= 3; current++) {
      const p = ok(await page({ current, pageSize: 2 }));
      expect(p).toMatchObject({ total: 5, size: 2, current, pages: 3 });
      seen.push(...keys(p));
    }
    expect(seen).toEqual(keys(ok(await page({}))));
    expect(ok(await page({ current: 9, pageSize: 2 }))).toMatchObject({ records: [], total: 5, pages: 3 });
  });

  it("filters by type, creator, published and keyword (name or description, case-insensitive, wildcards literal)", async () => {
    const plugins = ok(await page({ type: "Plugin" }));
    expect(keys(plugins)).toEqual([`Plugin:${ids.ownerPlugin}`, `Plugin:${ids.code}`, `Plugin:${ids.weather}`]);
    expect(plugins.records[1]).toMatchObject({ ext: "CODE", name: "100%代码" });
    expect(keys(ok(await page({ type: "Table" })))).toEqual([`Table:${ids.table}`]);
    expect(ok(await page({ type: "Variable" }))).toMatchObject({ records: [], total: 0 });
    expect(ok(await page({ type: "Model" }))).toMatchObject({ records: [], total: 0 });

    expect(ok(await page({ creator: "Me" }, t.owner.token)).records.map((r: any) => r.id)).toEqual([ids.ownerPlugin]);
    expect(ok(await page({ creator: "Me" })).total).toBe(0);

    expect(ok(await page({ status: "Published" })).total).toBe(0);
    await rows(s, sql`update plugin set publish_status = 'Published' where id = ${ids.weather}`);
    expect(keys(ok(await page({ status: "Published" })))).toEqual([`Plugin:${ids.weather}`]);

    expect(keys(ok(await page({ kw: "weather" })))).toEqual([`Plugin:${ids.weather}`]);
    expect(keys(ok(await page({ kw: "旅行" })))).toEqual([`Workflow:${ids.workflow}`]);
    expect(keys(ok(await page({ kw: "%" })))).toEqual([`Plugin:${ids.code}`]);
    expect(ok(await page({ kw: "_" })).total).toBe(0);
    expect(ok(await page({ kw: "别处" })).total).toBe(0);
  });

  it("refuses bad input (4000 naming the field), anonymous callers (4010) and outsiders (4040)", async () => {
    refused(await page({ type: "Agent" }), "4000", "type");
    refused(await page({ status: "Draft" }), "4000", "status");
    refused(await page({ creator: "You" }), "4000", "creator");
    refused(await page({ kw: "k".repeat(65) }), "4000", "kw");
    refused(await page({ pageSize: 101 }), "4000", "pageSize");
    refused(await page({ current: 0 }), "4000", "current");
    refused(await page({ spaceId: "abc" }), "4000", "spaceId");
    refused(await s.call("/api/component/page", { body: { spaceId: t.spaceId } }), "4010");
    const res = await page({}, t.outsider.token);
    refused(res, "4040");
    expect(JSON.stringify(res)).not.toContain("天气查询");
  });
});
