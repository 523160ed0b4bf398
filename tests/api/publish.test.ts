import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, agentRow, ok, refused, type Team, team } from "../support/agents";
import { configure } from "../support/chat";
import { count } from "../support/helpers";
import {
  appliesOf,
  applyAgent,
  applyRows,
  events,
  historyTypes,
  liveRows,
  messages,
  pendingApplyId,
  publishStatus,
  saveConfig,
  squareTargets,
} from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

/** What a refused apply must leave untouched. */
async function untouched(agentId: number) {
  return { agent: await agentRow(s, agentId), applies: await applyRows(s, agentId), live: await liveRows(s, agentId) };
}

describe("POST /api/agent/publish/apply/{agentId}", () => {
  it("queues a square application for audit, storing a snapshot of the draft at that moment", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "周报助手" });
    await configure(s, t.member.token, agentId, { systemPrompt: "草稿第一版", description: "写周报" });
    const res = await applyAgent(s, t.member.token, agentId, { category: "Writing", remark: "第一次发布" });
    expect(ok(res)).toContain("审核");
    expect(res.message).toContain("审核");
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Applying");
    expect(await liveRows(s, agentId)).toHaveLength(0);
    expect(await squareTargets(s, null)).not.toContain(agentId);

    // The builder keeps editing; the application still holds the draft as it was.
    await configure(s, t.member.token, agentId, { systemPrompt: "草稿第二版" });
    const [queued] = await appliesOf(s, t.sysAdmin, agentId);
    expect(queued).toMatchObject({
      targetType: "Agent",
      name: "周报助手",
      description: "写周报",
      scope: "Tenant",
      category: "Writing",
      remark: "第一次发布",
      publishStatus: "Applying",
      applyUser: { userId: t.member.id, userName: t.member.userName },
    });
    const detail = ok(await s.call(`/api/system/publish/apply/${queued.id}`, { token: t.sysAdmin }));
    expect(detail.config.systemPrompt).toBe("草稿第一版");
    expect(detail.config.components.map((c: { type: string }) => c.type).sort()).toEqual(["Model", "Variable"]);
    expect(await historyTypes(s, t.member.token, agentId)).toEqual(["Add", "Edit", "PublishApply", "Edit"]);
  });

  it("tells the system admins: a notification message and a new_notify_message event", async () => {
    ok(await s.call("/api/notify/event/clear", { method: "POST", token: t.sysAdmin }));
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "通知测试助手" });
    ok(await applyAgent(s, t.member.token, agentId));
    const [latest] = await messages(s, t.sysAdmin);
    expect(latest).toMatchObject({ readStatus: "Unread", scope: "System" });
    expect(latest.content).toContain("通知测试助手");
    const queue = await events(s, t.sysAdmin);
    expect(queue.hasEvent).toBe(true);
    const event = queue.eventList.find((e) => e.type === "new_notify_message");
    expect(event?.event.content).toContain("通知测试助手");
    // Plain members are not told about other people's applications.
    expect((await messages(s, t.other.token)).some((m) => m.content.includes("通知测试助手"))).toBe(false);
  });

  it("publishes Space scope at once into the agent's own space, visible to members only", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "空间内助手" });
    const res = await applyAgent(s, t.member.token, agentId, { scope: "Space" });
    expect(ok(res)).toBe("发布成功");
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
    const [live] = await liveRows(s, agentId);
    expect(live).toMatchObject({ scope: "Space", publish_space_id: t.spaceId, category: "Efficiency" });
    expect(await appliesOf(s, t.sysAdmin, agentId, "Applying")).toHaveLength(0);
    expect(await squareTargets(s, null)).not.toContain(agentId);
    expect(await squareTargets(s, t.other.token, { spaceId: t.spaceId })).toContain(agentId);
    expect(await historyTypes(s, t.member.token, agentId)).toEqual(["Add", "PublishApply", "Publish"]);
  });

  it("publishes Tenant scope at once when the tenant does not audit agents", async () => {
    await saveConfig(s, t.sysAdmin, { agentPublishAudit: 0 });
    try {
      const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "免审核助手" });
      expect(ok(await applyAgent(s, t.member.token, agentId))).toBe("发布成功");
      expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
      expect(await squareTargets(s, null)).toContain(agentId);
      expect(await appliesOf(s, t.sysAdmin, agentId, "Applying")).toHaveLength(0);
    } finally {
      await saveConfig(s, t.sysAdmin, { agentPublishAudit: 1 });
    }
  });

  it("refuses a plain member who did not create the agent (4030) and an outsider (4040), writing nothing", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const before = await untouched(agentId);
    refused(await applyAgent(s, t.other.token, agentId), "4030");
    refused(await applyAgent(s, t.outsider.token, agentId), "4040");
    refused(await applyAgent(s, t.outsider.token, 999_999), "4040");
    expect(await untouched(agentId)).toEqual(before);
  });

  it("lets the space's managers apply for an agent they did not create", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    ok(await applyAgent(s, t.admin.token, agentId, { scope: "Space" }));
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
  });

  it("refuses bad input naming the field (4000) and a missing token (4010), writing nothing", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const before = await untouched(agentId);
    refused(await applyAgent(s, t.member.token, agentId, { scope: "Global" }), "4000", "scope");
    refused(await applyAgent(s, t.member.token, agentId, { category: "不存在的分类" }), "4000", "category");
    refused(await applyAgent(s, t.member.token, agentId, { allowCopy: 2 }), "4000", "allowCopy");
    refused(await applyAgent(s, t.member.token, agentId, { remark: "长".repeat(501) }), "4000", "remark");
    refused(await applyAgent(s, t.member.token, agentId, { scope: "Space", spaceId: "x" }), "4000", "spaceId");
    refused(await s.call("/api/agent/publish/apply/abc", { token: t.member.token, body: {} }), "4000", "agentId");
    refused(await applyAgent(s, "", agentId), "4010");
    expect(await untouched(agentId)).toEqual(before);
  });

  it("refuses Space scope into a space that does not receive publishes, and into one the caller is not in", async () => {
    const closed = ok<number>(await s.call("/api/space/add", { token: t.member.token, body: { name: "不收发布" } }));
    ok(await s.call("/api/space/update", { token: t.member.token, body: { id: closed, receivePublish: 0 } }));
    const open = ok<number>(await s.call("/api/space/add", { token: t.member.token, body: { name: "接收发布" } }));
    const foreign = ok<number>(await s.call("/api/space/add", { token: t.outsider.token, body: { name: "别人的" } }));
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const before = await untouched(agentId);
    const res = await applyAgent(s, t.member.token, agentId, { scope: "Space", spaceId: closed });
    refused(res, "0001");
    expect(res.message).toContain("不接收");
    expect((await applyAgent(s, t.member.token, agentId, { scope: "Space", spaceId: foreign })).code).toMatch(
      /^40[34]0$/,
    );
    expect(await untouched(agentId)).toEqual(before);

    ok(await applyAgent(s, t.member.token, agentId, { scope: "Space", spaceId: open }));
    const [live] = await liveRows(s, agentId);
    expect(live).toMatchObject({ scope: "Space", publish_space_id: open });
  });
});

describe("POST /api/publish/apply", () => {
  const general = (token: string, body: Record<string, unknown>) =>
    s.call<string>("/api/publish/apply", {
      token,
      body: { targetType: "Agent", remark: "", category: "Programming", ...body },
    });

  it("publishes the Space item at once and queues the Tenant item, each with its own copy flags", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "两处发布" });
    const res = await general(t.member.token, {
      targetId: agentId,
      items: [
        { scope: "Space", spaceId: t.spaceId, allowCopy: 1, onlyTemplate: 0 },
        { scope: "Tenant", allowCopy: 0, onlyTemplate: 0 },
      ],
    });
    expect(ok(res)).toContain("审核");
    const live = await liveRows(s, agentId);
    expect(live.map((r) => [r.scope, r.allow_copy, r.category])).toEqual([["Space", 1, "Programming"]]);
    const [pending] = await appliesOf(s, t.sysAdmin, agentId, "Applying");
    expect(pending).toMatchObject({ scope: "Tenant", category: "Programming" });
    // A Space publication is live, so the agent reads as published while the square application waits.
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
  });

  it("replaces a pending application of the same scope instead of queueing a second one", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    ok(await general(t.member.token, { targetId: agentId, remark: "一", items: [{ scope: "Tenant" }] }));
    ok(await general(t.member.token, { targetId: agentId, remark: "二", items: [{ scope: "Tenant" }] }));
    const pending = await appliesOf(s, t.sysAdmin, agentId, "Applying");
    expect(pending.map((p) => p.remark)).toEqual(["二"]);
  });

  it("refuses targets that are not agents yet, bad items and missing fields, writing nothing", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const before = { applies: await count(s, "publish_apply"), live: await count(s, "published") };
    const plugin = await general(t.member.token, { targetType: "Plugin", targetId: 1, items: [{ scope: "Tenant" }] });
    expect(plugin.success).toBe(false);
    expect(plugin.code).toBe("4040");
    refused(await general(t.member.token, { targetType: "Skill", targetId: agentId, items: [] }), "4000", "targetType");
    refused(await general(t.member.token, { items: [{ scope: "Tenant" }] }), "4000", "targetId");
    refused(await general(t.member.token, { targetId: agentId, items: [] }), "4000", "items");
    refused(await general(t.member.token, { targetId: agentId, items: [{ scope: "All" }] }), "4000", "items.0.scope");
    refused(
      await general(t.member.token, {
        targetId: agentId,
        items: [{ scope: "Tenant" }, { scope: "Tenant", allowCopy: 1 }],
      }),
      "4000",
      "items",
    );
    refused(
      await general(t.member.token, { targetId: agentId, category: "Nope", items: [{ scope: "Tenant" }] }),
      "4000",
      "category",
    );
    refused(await general(t.other.token, { targetId: agentId, items: [{ scope: "Tenant" }] }), "4030");
    refused(await general(t.outsider.token, { targetId: agentId, items: [{ scope: "Tenant" }] }), "4040");
    refused(await general("", { targetId: agentId, items: [{ scope: "Tenant" }] }), "4010");
    expect({ applies: await count(s, "publish_apply"), live: await count(s, "published") }).toEqual(before);
    expect(await pendingApplyIdOrNone(agentId)).toBeNull();
  });
});

describe("POST /api/publish/item/list", () => {
  it("shows space members the live publications and the waiting application; refuses outsiders and bad input", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    ok(await applyAgent(s, t.member.token, agentId, { scope: "Space", allowCopy: 1, remark: "空间版" }));
    ok(await applyAgent(s, t.member.token, agentId, { scope: "Tenant", remark: "广场版" }));
    const list = (token: string, body: unknown) => s.call<any[]>("/api/publish/item/list", { token, body });
    const items = ok(await list(t.other.token, { targetType: "Agent", targetId: agentId }));
    expect(items).toEqual([
      expect.objectContaining({ publishId: null, publishStatus: "Applying", scope: "Tenant", description: "广场版" }),
      expect.objectContaining({
        publishId: expect.any(Number),
        publishStatus: "Published",
        scope: "Space",
        spaceId: t.spaceId,
        allowCopy: 1,
        description: "空间版",
        publishUser: expect.objectContaining({ userId: t.member.id }),
      }),
    ]);
    refused(await list(t.outsider.token, { targetType: "Agent", targetId: agentId }), "4040");
    refused(await list(t.member.token, { targetType: "Robot", targetId: agentId }), "4000", "targetType");
    refused(await list(t.member.token, { targetType: "Agent" }), "4000", "targetId");
    refused(await list("", { targetType: "Agent", targetId: agentId }), "4010");
  });
});

async function pendingApplyIdOrNone(agentId: number) {
  const rows = await appliesOf(s, t.sysAdmin, agentId, "Applying");
  return rows.length ? await pendingApplyId(s, t.sysAdmin, agentId) : null;
}
