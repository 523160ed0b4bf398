import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, personalSpace, refused, type Team, team } from "../support/agents";
import {
  getPlugin,
  historyOf,
  livePluginRows,
  newPlugin,
  publishPlugin,
  saveHttp,
  squarePlugins,
} from "../support/plugins";
import { approve, reject, saveConfig } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const args = (names: string[]) => names.map((name) => ({ name, dataType: "String", inputType: "Query" }));

/** A plugin of the team space with one input arg, created by the plain member `member`. */
async function weatherPlugin(name = "天气查询") {
  const id = await newPlugin(s, t.member.token, t.spaceId, { name });
  ok(await saveHttp(s, t.member.token, id, { url: "https://api.example.com/weather", inputArgs: args(["city"]) }));
  return id;
}

async function pendingPluginApply(pluginId: number) {
  const page = ok(
    await s.call("/api/system/publish/apply/list", {
      token: t.sysAdmin,
      body: { pageNo: 1, pageSize: 100, queryFilter: { targetType: "Plugin", publishStatus: "Applying" } },
    }),
  );
  const row = (page.records as any[]).find((r) => r.targetId === pluginId);
  expect(row, `plugin ${pluginId} has no pending application`).toBeTruthy();
  return row.id as number;
}

const bindPlugin = (token: string, agentId: number, pluginId: number) =>
  s.call("/api/agent/component/add", { token, body: { agentId, type: "Plugin", targetId: pluginId } });

describe("publishing a plugin to its space", () => {
  it("goes live at once, shows in PluginInfo and history, and only then can an agent of the space bind it", async () => {
    const id = await weatherPlugin();
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const unpublished = await bindPlugin(t.member.token, agentId, id);
    expect(unpublished).toMatchObject({ code: "0001", message: "插件不存在或在当前空间不可用" });

    const res = await publishPlugin(s, t.member.token, id, [{ scope: "Space" }]);
    expect(ok(res)).toBe("发布成功");
    const info = await getPlugin(s, t.member.token, id);
    expect(info).toMatchObject({ publishStatus: "Published", scope: "Space", category: "Efficiency" });
    expect(info.publishDate).not.toBeNull();
    expect((await historyOf(s, t.member.token, id)).map((h) => h.type).slice(0, 2)).toEqual([
      "Publish",
      "PublishApply",
    ]);
    const items = ok<any[]>(
      await s.call("/api/publish/item/list", { token: t.member.token, body: { targetType: "Plugin", targetId: id } }),
    );
    expect(items).toMatchObject([{ scope: "Space", spaceId: t.spaceId, publishStatus: "Published" }]);

    ok(await bindPlugin(t.member.token, agentId, id));
    // An agent of another space cannot use a plugin published only to this one.
    const elsewhere = await addAgent(s, t.member.token, await personalSpace(s, t.member.token));
    expect((await bindPlugin(t.member.token, elsewhere, id)).code).toBe("0001");
  });

  it("takes the legacy /api/plugin/publish form through the same rules (Global reads as the square)", async () => {
    const id = await weatherPlugin();
    const res = await s.call("/api/plugin/publish", {
      token: t.member.token,
      body: { pluginId: id, scope: "Space", remark: "旧接口" },
    });
    expect(res).toMatchObject({ code: "0000", data: null, message: "发布成功" });
    const global = await s.call("/api/plugin/publish", {
      token: t.admin.token,
      body: { pluginId: id, scope: "Global" },
    });
    expect(global).toMatchObject({ code: "0000", message: "发布成功" }); // plugins are not audited by default
    expect((await livePluginRows(s, id)).map((r) => r.scope).sort()).toEqual(["Space", "Tenant"]);
  });
});

describe("publishing a plugin to the square", () => {
  it("waits for the audit when pluginPublishAudit is on; approved, it is listed with its type and can be copied", async () => {
    await saveConfig(s, t.sysAdmin, { pluginPublishAudit: 1 });
    try {
      const id = await weatherPlugin("快递查询");
      const applied = await publishPlugin(s, t.member.token, id, [{ scope: "Tenant", allowCopy: 1 }]);
      expect(ok(applied)).toBe("已提交审核，请等待管理员审核");
      expect(await getPlugin(s, t.member.token, id)).toMatchObject({ publishStatus: "Applying", scope: null });
      expect((await squarePlugins(s, null)).records.map((r: any) => r.targetId)).not.toContain(id);

      ok(await approve(s, t.sysAdmin, await pendingPluginApply(id)));
      expect(await getPlugin(s, t.member.token, id)).toMatchObject({ publishStatus: "Published", scope: "Tenant" });
      const card = (await squarePlugins(s, null)).records.find((r: any) => r.targetId === id);
      expect(card).toMatchObject({
        targetType: "Plugin",
        name: "快递查询",
        pluginType: "HTTP",
        codeLang: null,
        allowCopy: 1,
        category: "Efficiency",
        publishUser: { userId: t.member.id },
      });
      const byCategory = await squarePlugins(s, null, { category: "Life" });
      expect(byCategory.records.map((r: any) => r.targetId)).not.toContain(id);

      // Someone outside the space reads the published version and copies it into their own space.
      const detail = ok(await s.call(`/api/published/plugin/${id}`, { token: t.outsider.token }));
      expect(detail).toMatchObject({ id, type: "HTTP", inputArgs: args(["city"]), outputArgs: [] });
      const target = await personalSpace(s, t.outsider.token);
      const copyId = ok<number>(
        await s.call("/api/publish/template/copy", {
          token: t.outsider.token,
          body: { targetType: "Plugin", targetId: id, targetSpaceId: target },
        }),
      );
      expect(await getPlugin(s, t.outsider.token, copyId)).toMatchObject({
        spaceId: target,
        creatorId: t.outsider.id,
        name: "快递查询副本",
        publishStatus: "Developing",
        config: { url: "https://api.example.com/weather", inputArgs: args(["city"]) },
      });
      // …and an agent of any space may bind a plugin published to the square.
      const agentId = await addAgent(s, t.outsider.token, target);
      ok(await bindPlugin(t.outsider.token, agentId, id));
    } finally {
      await saveConfig(s, t.sysAdmin, { pluginPublishAudit: 0 });
    }
  });

  it("keeps the published snapshot while the draft changes, until it is published again", async () => {
    const id = await weatherPlugin();
    ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant" }]));
    ok(await saveHttp(s, t.member.token, id, { url: "https://api.example.com/v2", inputArgs: args(["city", "day"]) }));
    const published = ok(await s.call(`/api/published/plugin/${id}`, { token: t.outsider.token }));
    expect(published.inputArgs).toEqual(args(["city"]));
    ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant" }]));
    const again = ok(await s.call(`/api/published/plugin/${id}`, { token: t.outsider.token }));
    expect(again.inputArgs).toEqual(args(["city", "day"]));
    expect(await livePluginRows(s, id)).toHaveLength(1);
  });

  it("refuses copying a publication that does not allow it, and reading a draft that is not published", async () => {
    const id = await weatherPlugin();
    const target = await personalSpace(s, t.outsider.token);
    refused(await s.call(`/api/published/plugin/${id}`, { token: t.outsider.token }), "4040");
    ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant", allowCopy: 0 }]));
    const copy = await s.call("/api/publish/template/copy", {
      token: t.outsider.token,
      body: { targetType: "Plugin", targetId: id, targetSpaceId: target },
    });
    refused(copy, "4030");
  });

  it("sets the plugin back to development when the audit rejects it or its only publication is taken off", async () => {
    await saveConfig(s, t.sysAdmin, { pluginPublishAudit: 1 });
    try {
      const id = await weatherPlugin();
      ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant" }]));
      ok(await reject(s, t.sysAdmin, await pendingPluginApply(id), "描述不清楚"));
      expect(await getPlugin(s, t.member.token, id)).toMatchObject({ publishStatus: "Developing" });
      expect((await historyOf(s, t.member.token, id))[0]).toMatchObject({
        type: "PublishApplyReject",
        description: "发布申请被拒绝：描述不清楚",
      });

      ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant" }]));
      ok(await approve(s, t.sysAdmin, await pendingPluginApply(id)));
      const [live] = await livePluginRows(s, id);
      refused(
        await s.call("/api/publish/offShelf", {
          token: t.other.token,
          body: { targetType: "Plugin", publishId: live!.id },
        }),
        "4030",
      );
      ok(
        await s.call("/api/publish/offShelf", {
          token: t.member.token,
          body: { targetType: "Plugin", publishId: live!.id },
        }),
      );
      expect(await getPlugin(s, t.member.token, id)).toMatchObject({ publishStatus: "Developing", scope: null });
      expect((await squarePlugins(s, null)).records.map((r: any) => r.targetId)).not.toContain(id);
    } finally {
      await saveConfig(s, t.sysAdmin, { pluginPublishAudit: 0 });
    }
  });

  it("drops a deleted plugin's publications from the square", async () => {
    const id = await weatherPlugin();
    ok(await publishPlugin(s, t.member.token, id, [{ scope: "Tenant" }]));
    ok(await s.call(`/api/plugin/delete/${id}`, { token: t.member.token, body: {} }));
    expect(await livePluginRows(s, id)).toEqual([]);
    expect((await squarePlugins(s, null)).records.map((r: any) => r.targetId)).not.toContain(id);
  });
});
