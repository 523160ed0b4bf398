import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pluginInfoSchema } from "#contract/api/plugin";
import { starterCode } from "#contract/plugin";
import { ok, personalSpace, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { addPlugin, getPlugin, historyOf, newPlugin, pluginRow, saveHttp } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const weather = {
  method: "GET",
  url: "https://api.example.com/weather/{city}",
  contentType: "JSON",
  timeout: 15,
  inputArgs: [
    { name: "city", dataType: "String", require: true, enable: true, inputType: "Path" },
    { name: "days", dataType: "Integer", inputType: "Query", bindValue: 3 },
  ],
  outputArgs: [
    {
      name: "forecast",
      dataType: "Array_Object",
      subArgs: [{ name: "[Array_Item]", dataType: "Object", subArgs: [{ name: "temp", dataType: "Number" }] }],
    },
  ],
};

describe("adding and reading plugins", () => {
  it("creates an HTTP plugin with default config and a code plugin with starter code; get conforms to PluginInfo", async () => {
    const httpId = await newPlugin(s, t.member.token, t.spaceId, { description: "查天气", creatorId: t.owner.id });
    const http = await getPlugin(s, t.member.token, httpId);
    expect(pluginInfoSchema.safeParse(http).error).toBeUndefined();
    expect(http).toMatchObject({
      id: httpId,
      spaceId: t.spaceId,
      creatorId: t.member.id, // the creator is the caller, whatever the body claims
      name: "天气查询",
      type: "HTTP",
      codeLang: null,
      publishStatus: "Developing",
      scope: null,
      publishDate: null,
      permissions: ["Copy", "Delete", "Publish"],
      config: { method: "GET", url: "", contentType: "JSON", timeout: 10, inputArgs: [], outputArgs: [] },
      creator: { userId: t.member.id },
    });
    const codeId = await newPlugin(s, t.member.token, t.spaceId, { type: "CODE", codeLang: "Python", name: "计算" });
    const code = await getPlugin(s, t.member.token, codeId);
    expect(code).toMatchObject({ type: "CODE", codeLang: "Python", config: { code: starterCode.Python, timeout: 10 } });
    const library = ok<any[]>(await s.call(`/api/component/list/${t.spaceId}`, { token: t.other.token }));
    expect(library.filter((c) => c.type === "Plugin").map((c) => [c.id, c.ext, c.publishStatus])).toEqual(
      expect.arrayContaining([
        [httpId, "HTTP", "Developing"],
        [codeId, "CODE", "Developing"],
      ]),
    );
  });

  it("refuses bad input naming the field, writing nothing", async () => {
    const before = await count(s, "plugin");
    const add = (body: Record<string, unknown>) => addPlugin(s, t.member.token, t.spaceId, body);
    refused(await add({ name: "" }), "4000", "name");
    refused(await add({ name: "x".repeat(65) }), "4000", "name");
    refused(await add({ type: "SQL" }), "4000", "type");
    refused(await add({ type: "CODE" }), "4000", "codeLang");
    refused(await add({ type: "CODE", codeLang: "Ruby" }), "4000", "codeLang");
    refused(await add({ icon: "javascript:alert(1)" }), "4000", "icon");
    refused(
      await s.call("/api/plugin/add", { token: t.member.token, body: { name: "x", type: "HTTP" } }),
      "4000",
      "spaceId",
    );
    expect(await count(s, "plugin")).toBe(before);

    const id = await newPlugin(s, t.member.token, t.spaceId);
    const stored = await pluginRow(s, id);
    refused(await saveHttp(s, t.member.token, id, { timeout: 61 }), "4000", "config.timeout");
    refused(await saveHttp(s, t.member.token, id, { method: "PATCH" }), "4000", "config.method");
    refused(await saveHttp(s, t.member.token, id, { contentType: "XML" }), "4000", "config.contentType");
    refused(await saveHttp(s, t.member.token, id, { inputArgs: [{ name: "a", dataType: "Date" }] }), "4000");
    refused(await s.call("/api/plugin/http/update", { token: t.member.token, body: { name: "x" } }), "4000", "id");
    refused(await s.call("/api/plugin/code/update", { token: t.member.token, body: { id: "abc" } }), "4000", "id");
    refused(await s.call("/api/plugin/test", { token: t.member.token, body: { params: {} } }), "4000", "pluginId");
    refused(
      await s.call("/api/plugin/test", { token: t.member.token, body: { pluginId: id, params: [1] } }),
      "4000",
      "params",
    );
    refused(await s.call("/api/plugin/analysis/output", { token: t.member.token, body: {} }), "4000", "pluginId");
    refused(
      await s.call("/api/plugin/publish", { token: t.member.token, body: { pluginId: id, scope: "Moon" } }),
      "4000",
      "scope",
    );
    refused(await s.call("/api/plugin/delete/abc", { token: t.member.token, body: {} }), "4000", "pluginId");
    refused(await s.call(`/api/plugin/copy/${id}/0`, { token: t.member.token, body: {} }), "4000", "targetSpaceId");
    refused(await s.call("/api/plugin/config/history/list/-1", { token: t.member.token }), "4000", "pluginId");
    refused(await s.call("/api/plugin/restore/x", { token: t.member.token, body: {} }), "4000", "historyId");
    refused(await s.call("/api/plugin/1.5", { token: t.member.token }), "4000", "pluginId");
    expect(await pluginRow(s, id)).toEqual(stored);
    expect(await count(s, "plugin")).toBe(before + 1);
  });

  it("answers a GET to a POST-only path as a wrong method, not as a bad id", async () => {
    for (const path of ["add", "test", "publish"]) {
      expect((await s.call(`/api/plugin/${path}`, { token: t.member.token })).code, path).toBe("4050");
    }
  });
});

describe("updating, history and restore", () => {
  it("saves the HTTP form and writes a history entry per update; restore brings an entry back as a new Edit", async () => {
    const id = await newPlugin(s, t.member.token, t.spaceId);
    ok(await saveHttp(s, t.member.token, id, weather, { name: "天气预报", description: "按城市查天气" }));
    const saved = await getPlugin(s, t.member.token, id);
    expect(saved).toMatchObject({ name: "天气预报", description: "按城市查天气", config: weather });
    ok(await s.call("/api/plugin/http/update", { token: t.member.token, body: { id, icon: "/api/file/x.png" } }));
    expect(await getPlugin(s, t.member.token, id)).toMatchObject({ icon: "/api/file/x.png", config: weather });

    const history = await historyOf(s, t.other.token, id);
    expect(history.map((h) => [h.type, h.description])).toEqual([
      ["Edit", "修改基本信息"],
      ["Edit", "修改配置"],
      ["Add", "创建插件"],
    ]);
    expect(history[1]).toMatchObject({
      targetType: "Plugin",
      targetId: id,
      opUser: { userId: t.member.id },
      config: { name: "天气预报", type: "HTTP", config: weather },
    });

    const added = history[2];
    ok(await s.call(`/api/plugin/restore/${added.id}`, { token: t.other.token, body: {} }));
    const restored = await getPlugin(s, t.member.token, id);
    expect(restored).toMatchObject({ name: "天气查询", description: "", config: { url: "", inputArgs: [] } });
    const after = await historyOf(s, t.member.token, id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ type: "Edit", description: expect.stringMatching(/^恢复到 /) });
    // The restore itself can be undone: restoring the entry before it puts the form back.
    ok(await s.call(`/api/plugin/restore/${history[0].id}`, { token: t.member.token, body: {} }));
    expect(await getPlugin(s, t.member.token, id)).toMatchObject({ name: "天气预报", config: weather });
  });

  it("saves a code plugin only through the code path, and an HTTP one only through the HTTP path", async () => {
    const codeId = await newPlugin(s, t.member.token, t.spaceId, { type: "CODE", codeLang: "JavaScript" });
    const code = "export default async function main(args) { return { sum: args.a + args.b }; }";
    const config = { code, timeout: 5, inputArgs: [{ name: "a", dataType: "Number" }], outputArgs: [] };
    ok(await s.call("/api/plugin/code/update", { token: t.member.token, body: { id: codeId, config } }));
    expect((await getPlugin(s, t.member.token, codeId)).config).toEqual(config);
    const wrong = await saveHttp(s, t.member.token, codeId, weather);
    expect(wrong).toMatchObject({ code: "0001", message: "该插件是代码插件，请使用代码插件的保存接口" });
    expect((await getPlugin(s, t.member.token, codeId)).config).toEqual(config);
    const httpId = await newPlugin(s, t.member.token, t.spaceId);
    const res = await s.call("/api/plugin/code/update", { token: t.member.token, body: { id: httpId, config } });
    expect(res.code).toBe("0001");
  });

  it("refuses restoring an entry of another plugin the caller cannot see", async () => {
    const outsiderSpace = await personalSpace(s, t.outsider.token);
    const theirs = await newPlugin(s, t.outsider.token, outsiderSpace);
    const [entry] = await historyOf(s, t.outsider.token, theirs);
    refused(await s.call(`/api/plugin/restore/${entry.id}`, { token: t.member.token, body: {} }), "4040");
    refused(await s.call("/api/plugin/restore/99999999", { token: t.member.token, body: {} }), "4040");
  });
});

describe("copy and delete", () => {
  it("copies within the space for any member and into another space for a space admin", async () => {
    const id = await newPlugin(s, t.member.token, t.spaceId);
    ok(await saveHttp(s, t.member.token, id, weather));
    const same = ok<number>(await s.call(`/api/plugin/copy/${id}/${t.spaceId}`, { token: t.other.token, body: {} }));
    expect(await getPlugin(s, t.other.token, same)).toMatchObject({
      spaceId: t.spaceId,
      creatorId: t.other.id,
      name: "天气查询副本",
      publishStatus: "Developing",
      config: weather,
    });
    const ownerSpace = await personalSpace(s, t.owner.token);
    const moved = ok<number>(await s.call(`/api/plugin/copy/${id}/${ownerSpace}`, { token: t.owner.token, body: {} }));
    expect(await getPlugin(s, t.owner.token, moved)).toMatchObject({ spaceId: ownerSpace, config: weather });
    expect((await historyOf(s, t.owner.token, moved)).map((h) => [h.type, h.description])).toEqual([
      ["Add", "复制自「天气查询」"],
    ]);
  });

  it("refuses a plain member copying to another space, and anyone copying into a space they are not in", async () => {
    const id = await newPlugin(s, t.member.token, t.spaceId);
    const before = await count(s, "plugin");
    const memberSpace = await personalSpace(s, t.member.token);
    refused(await s.call(`/api/plugin/copy/${id}/${memberSpace}`, { token: t.other.token, body: {} }), "4030");
    const outsiderSpace = await personalSpace(s, t.outsider.token);
    refused(await s.call(`/api/plugin/copy/${id}/${outsiderSpace}`, { token: t.owner.token, body: {} }), "4040");
    expect(await count(s, "plugin")).toBe(before);
  });

  it("lets the creator and space admins delete (history and publications go too), not another plain member", async () => {
    const id = await newPlugin(s, t.member.token, t.spaceId);
    refused(await s.call(`/api/plugin/delete/${id}`, { token: t.other.token, body: {} }), "4030");
    expect(await pluginRow(s, id)).toBeTruthy();
    ok(await s.call(`/api/plugin/delete/${id}`, { token: t.admin.token, body: {} }));
    refused(await s.call(`/api/plugin/${id}`, { token: t.member.token }), "4040");
    const where = sql`target_type = 'Plugin' and target_id = ${id}`;
    expect(await count(s, "config_history", where)).toBe(0);
    const own = await newPlugin(s, t.other.token, t.spaceId);
    ok(await s.call(`/api/plugin/delete/${own}`, { token: t.other.token, body: {} }));
    expect(await pluginRow(s, own)).toBeUndefined();
  });
});
