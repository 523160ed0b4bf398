import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpoints, pathOf } from "#contract/api";
import { ok, personalSpace, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { getPlugin, historyOf, newPlugin, pluginRow, publishPlugin, saveHttp } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let pluginId: number;
let historyId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  pluginId = await newPlugin(s, t.member.token, t.spaceId);
  historyId = (await historyOf(s, t.member.token, pluginId))[0].id;
});
afterAll(() => s.close());

interface Request {
  e: Endpoint;
  params?: Record<string, number>;
  body?: Record<string, unknown>;
}

/** Every plugin endpoint with a well-formed request aimed at the shared plugin. */
function requests(): Request[] {
  const { plugin } = endpoints;
  const id = pluginId;
  return [
    { e: plugin.add, body: { spaceId: t.spaceId, name: "新插件", type: "HTTP" } },
    { e: plugin.get, params: { pluginId: id } },
    { e: plugin.httpUpdate, body: { id, name: "改名" } },
    { e: plugin.codeUpdate, body: { id, name: "改名" } },
    { e: plugin.test, body: { pluginId: id, params: {} } },
    { e: plugin.analysisOutput, body: { pluginId: id, params: {} } },
    { e: plugin.publish, body: { pluginId: id, scope: "Space" } },
    { e: plugin.delete, params: { pluginId: id } },
    { e: plugin.copy, params: { pluginId: id, targetSpaceId: t.spaceId } },
    { e: plugin.history, params: { pluginId: id } },
    { e: plugin.restore, params: { historyId } },
  ];
}

const send = (r: Request, token: string | null) =>
  s.call(pathOf(r.e, r.params), {
    method: r.e.method,
    token,
    body: r.e.method === "POST" ? (r.body ?? {}) : undefined,
  });

describe("who may call the plugin endpoints", () => {
  it("refuses every endpoint without a token (4010), changing nothing", async () => {
    const before = { row: await pluginRow(s, pluginId), plugins: await count(s, "plugin") };
    for (const r of requests()) refused(await send(r, null), "4010");
    expect({ row: await pluginRow(s, pluginId), plugins: await count(s, "plugin") }).toEqual(before);
  });

  it("tells an outsider the plugin (or space) does not exist (4040), changing nothing", async () => {
    const before = { row: await pluginRow(s, pluginId), plugins: await count(s, "plugin") };
    for (const r of requests()) {
      const res = await send(r, t.outsider.token);
      expect(res.code, `${r.e.method} ${r.e.path}: ${res.message}`).toBe("4040");
      expect(res.data).toBeNull();
    }
    expect({ row: await pluginRow(s, pluginId), plugins: await count(s, "plugin") }).toEqual(before);
    expect(await historyOf(s, t.member.token, pluginId)).toHaveLength(1);
  });

  it("lets a plain member who did not create it read, run, edit and copy it, but not delete or publish it", async () => {
    const token = t.other.token;
    const info = await getPlugin(s, token, pluginId);
    expect(info.permissions).toEqual(["Copy"]);
    expect(ok(await s.call("/api/plugin/test", { token, body: { pluginId, params: {} } }))).toMatchObject({
      success: false,
    });
    ok(await saveHttp(s, token, pluginId, { url: "https://example.com/api" }));
    expect((await historyOf(s, token, pluginId))[0]).toMatchObject({ type: "Edit", opUser: { userId: t.other.id } });
    ok(await s.call(`/api/plugin/copy/${pluginId}/${t.spaceId}`, { token, body: {} }));
    refused(await s.call(`/api/plugin/delete/${pluginId}`, { token, body: {} }), "4030");
    refused(await publishPlugin(s, token, pluginId, [{ scope: "Space" }]), "4030");
    refused(await s.call("/api/plugin/publish", { token, body: { pluginId, scope: "Space" } }), "4030");
    expect(await pluginRow(s, pluginId)).toMatchObject({ publish_status: "Developing" });
    // Its creator and the space's managers see every permission.
    for (const who of [t.member.token, t.admin.token, t.owner.token, t.sysAdmin]) {
      expect((await getPlugin(s, who, pluginId)).permissions).toEqual(["Copy", "Delete", "Publish"]);
    }
  });

  it("in a space closed to development, plain members only read and run; its admins still edit", async () => {
    const id = await newPlugin(s, t.member.token, t.spaceId);
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 0 } }));
    try {
      const stored = await pluginRow(s, id);
      for (const token of [t.member.token, t.other.token]) {
        refused(await saveHttp(s, token, id, { url: "https://example.com" }), "4030");
        refused(await s.call(`/api/plugin/restore/${historyId}`, { token, body: {} }), "4030");
        refused(
          await s.call("/api/plugin/add", { token, body: { spaceId: t.spaceId, name: "x", type: "HTTP" } }),
          "4030",
        );
        refused(await s.call(`/api/plugin/delete/${id}`, { token, body: {} }), "4030");
        refused(await s.call(`/api/plugin/copy/${id}/${t.spaceId}`, { token, body: {} }), "4030");
        ok(await s.call(`/api/plugin/${id}`, { token }));
        ok(await s.call("/api/plugin/test", { token, body: { pluginId: id, params: {} } }));
      }
      // The creator lost the permissions that need development; the space's admins keep them.
      expect((await getPlugin(s, t.member.token, id)).permissions).toEqual(["Copy"]);
      expect(await pluginRow(s, id)).toEqual(stored);
      ok(await saveHttp(s, t.admin.token, id, { url: "https://example.com" }));
    } finally {
      ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 1 } }));
    }
  });

  it("lets a space admin copy into a space they develop in, not into another user's space", async () => {
    const ownerSpace = await personalSpace(s, t.owner.token);
    const copy = ok<number>(
      await s.call(`/api/plugin/copy/${pluginId}/${ownerSpace}`, { token: t.owner.token, body: {} }),
    );
    expect(await getPlugin(s, t.owner.token, copy)).toMatchObject({ spaceId: ownerSpace, creatorId: t.owner.id });
    const memberSpace = await personalSpace(s, t.member.token);
    refused(await s.call(`/api/plugin/copy/${pluginId}/${memberSpace}`, { token: t.owner.token, body: {} }), "4040");
  });
});
