import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, agentRow, ok, refused, type Team, team } from "../support/agents";
import { configure } from "../support/chat";
import {
  applyAgent,
  applyRows,
  approve,
  events,
  historyTypes,
  itemList,
  liveRows,
  messages,
  pendingApplyId,
  publishStatus,
  publishToSquare,
  reject,
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

/** An agent of the member's with a square application waiting. */
async function applied(name = "待审核助手", prompt = "第一版设定") {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name });
  await configure(s, t.member.token, agentId, { systemPrompt: prompt });
  ok(await applyAgent(s, t.member.token, agentId));
  return { agentId, applyId: await pendingApplyId(s, t.sysAdmin, agentId) };
}

describe("POST /api/system/publish/{applyId} (approve)", () => {
  it("publishes the snapshot to the square, records Publish and tells the applicant", async () => {
    const { agentId, applyId } = await applied("审核通过助手");
    ok(await s.call("/api/notify/event/clear", { method: "POST", token: t.member.token }));
    ok(await approve(s, t.sysAdmin, applyId));
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
    expect(await squareTargets(s, null)).toContain(agentId);
    const live = (await liveRows(s, agentId))[0]!;
    expect(live).toMatchObject({ scope: "Tenant", apply_id: applyId, user_id: t.member.id });
    expect(live.config.systemPrompt).toBe("第一版设定");
    expect(await historyTypes(s, t.member.token, agentId)).toEqual(["Add", "Edit", "PublishApply", "Publish"]);
    const [note] = await messages(s, t.member.token);
    expect(note.content).toContain("审核通过助手");
    expect(note.content).toContain("通过");
    const queue = await events(s, t.member.token);
    expect(queue.eventList.map((e) => e.type)).toContain("new_notify_message");
    const [detail] = await applyRows(s, agentId);
    expect(detail).toMatchObject({ status: "Published", audit_user_id: expect.any(Number) });
    const items = await itemList(s, t.member.token, agentId);
    expect(items).toEqual([
      expect.objectContaining({ publishId: live.id, publishStatus: "Published", scope: "Tenant" }),
    ]);
  });

  it("refuses to approve twice, or an application that does not exist", async () => {
    const { agentId, applyId } = await applied();
    ok(await approve(s, t.sysAdmin, applyId));
    const liveBefore = await liveRows(s, agentId);
    refused(await approve(s, t.sysAdmin, applyId), "0001");
    refused(await reject(s, t.sysAdmin, applyId, "太晚了"), "0001");
    refused(await approve(s, t.sysAdmin, 987_654), "4040");
    refused(await s.call("/api/system/publish/abc", { token: t.sysAdmin, body: {} }), "4000", "applyId");
    expect(await liveRows(s, agentId)).toEqual(liveBefore);
  });
});

describe("concurrent audits", () => {
  it("settles an application once when two admins act at the same moment", async () => {
    const { agentId, applyId } = await applied("并发审核助手");
    const before = (await messages(s, t.member.token)).length;
    const results = await Promise.all([
      ...[1, 2, 3, 4].map(() => approve(s, t.sysAdmin, applyId)),
      ...[1, 2].map(() => reject(s, t.sysAdmin, applyId, "同时拒绝")),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    const [row] = await applyRows(s, agentId);
    expect(await liveRows(s, agentId)).toHaveLength(row!.status === "Published" ? 1 : 0);
    expect((await messages(s, t.member.token)).length).toBe(before + 1);
    const audits = (await historyTypes(s, t.member.token, agentId)).filter((h) => h !== "Edit");
    expect(audits).toHaveLength(3);
  });

  it("takes a publication off once when owner and admin act at the same moment", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    const results = await Promise.all([
      s.call("/api/publish/offShelf", { token: t.member.token, body: { publishId } }),
      s.call(`/api/system/publish/offShelf/${publishId}`, { token: t.sysAdmin, body: { reason: "同时下架" } }),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect((await historyTypes(s, t.member.token, agentId)).filter((h) => h === "OffShelf")).toHaveLength(1);
  });
});

describe("POST /api/system/publish/reject/{applyId}", () => {
  it("needs a reason (4000), changing nothing", async () => {
    const { agentId, applyId } = await applied();
    const before = { applies: await applyRows(s, agentId), agent: await agentRow(s, agentId) };
    refused(await s.call(`/api/system/publish/reject/${applyId}`, { token: t.sysAdmin, body: {} }), "4000", "reason");
    refused(await reject(s, t.sysAdmin, applyId, "   "), "4000", "reason");
    refused(await reject(s, t.sysAdmin, applyId, "长".repeat(501)), "4000", "reason");
    expect({ applies: await applyRows(s, agentId), agent: await agentRow(s, agentId) }).toEqual(before);
  });

  it("sends the agent back to Developing and tells the applicant why; the reason shows in the item list", async () => {
    const { agentId, applyId } = await applied("被拒助手");
    ok(await reject(s, t.sysAdmin, applyId, "描述不清楚"));
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Developing");
    expect(await squareTargets(s, null)).not.toContain(agentId);
    const [note] = await messages(s, t.member.token);
    expect(note.content).toContain("被拒助手");
    expect(note.content).toContain("描述不清楚");
    const items = await itemList(s, t.member.token, agentId);
    expect(items).toEqual([
      expect.objectContaining({ publishId: null, publishStatus: "Rejected", reason: "描述不清楚", scope: "Tenant" }),
    ]);
    expect(await historyTypes(s, t.member.token, agentId)).toEqual([
      "Add",
      "Edit",
      "PublishApply",
      "PublishApplyReject",
    ]);
    const listed = ok(
      await s.call("/api/system/publish/apply/list", {
        token: t.sysAdmin,
        body: { pageNo: 1, pageSize: 10, queryFilter: { publishStatus: "Rejected", kw: "被拒" } },
      }),
    );
    expect(listed.records).toEqual([expect.objectContaining({ id: applyId, reason: "描述不清楚" })]);
  });

  it("keeps the agent Published, with the earlier snapshot live, when a re-application is rejected", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "再次申请助手" });
    await configure(s, t.member.token, agentId, { systemPrompt: "已发布版本" });
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "新草稿" });
    ok(await applyAgent(s, t.member.token, agentId));
    // While the re-application waits, the previous publication stays live and the agent stays Published.
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
    expect(await squareTargets(s, null)).toContain(agentId);
    const items = await itemList(s, t.member.token, agentId);
    expect(items.map((i) => i.publishStatus).sort()).toEqual(["Applying", "Published"]);
    ok(await reject(s, t.sysAdmin, await pendingApplyId(s, t.sysAdmin, agentId), "新版本有问题"));
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
    const live = await liveRows(s, agentId);
    expect(live.map((r) => r.config.systemPrompt)).toEqual(["已发布版本"]);
    expect(await squareTargets(s, null)).toContain(agentId);
  });

  it("replaces the live snapshot only when the re-application is approved", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    await configure(s, t.member.token, agentId, { systemPrompt: "旧版" });
    await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    await configure(s, t.member.token, agentId, { systemPrompt: "新版" });
    ok(await applyAgent(s, t.member.token, agentId));
    expect((await liveRows(s, agentId)).map((r) => r.config.systemPrompt)).toEqual(["旧版"]);
    ok(await approve(s, t.sysAdmin, await pendingApplyId(s, t.sysAdmin, agentId)));
    expect((await liveRows(s, agentId)).map((r) => r.config.systemPrompt)).toEqual(["新版"]);
  });
});

describe("POST /api/publish/offShelf (the owner's side)", () => {
  const offShelf = (token: string, agentId: number, publishId: unknown) =>
    s.call("/api/publish/offShelf", { token, body: { targetType: "Agent", targetId: agentId, publishId } });

  it("takes the last publication off: out of the square, back to Developing, history OffShelf", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    ok(await offShelf(t.member.token, agentId, publishId));
    expect(await squareTargets(s, null)).not.toContain(agentId);
    expect(await liveRows(s, agentId)).toHaveLength(0);
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Developing");
    expect((await historyTypes(s, t.member.token, agentId)).at(-1)).toBe("OffShelf");
  });

  it("tells the publisher when a space manager takes it off", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "经理下架助手" });
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    ok(await offShelf(t.owner.token, agentId, publishId));
    const [note] = await messages(s, t.member.token);
    expect(note.content).toContain("经理下架助手");
    expect(note.content).toContain("下架");
  });

  it("refuses a plain member (4030), an outsider (4040), bad ids (4000) and no token (4010), leaving it live", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    refused(await offShelf(t.other.token, agentId, publishId), "4030");
    refused(await offShelf(t.outsider.token, agentId, publishId), "4040");
    refused(await offShelf(t.member.token, agentId, 999_999), "4040");
    refused(await offShelf(t.member.token, agentId, "abc"), "4000", "publishId");
    refused(await s.call("/api/publish/offShelf", { token: t.member.token, body: {} }), "4000", "publishId");
    refused(await offShelf("", agentId, publishId), "4010");
    expect((await liveRows(s, agentId)).map((r) => r.id)).toEqual([publishId]);
    expect(await squareTargets(s, null)).toContain(agentId);
  });
});

describe("POST /api/system/publish/offShelf/{publishId} and /api/system/publish/list", () => {
  const adminOffShelf = (publishId: number | string, body: Record<string, unknown>) =>
    s.call(`/api/system/publish/offShelf/${publishId}`, { token: t.sysAdmin, body });

  it("needs a reason, then takes it off and tells the publisher the reason", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "违规助手" });
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    const listed = ok(
      await s.call("/api/system/publish/list", { token: t.sysAdmin, body: { pageNo: 1, queryFilter: { kw: "违规" } } }),
    );
    expect(listed.records).toEqual([expect.objectContaining({ id: publishId, targetId: agentId, scope: "Tenant" })]);
    refused(await adminOffShelf(publishId, {}), "4000", "reason");
    refused(await adminOffShelf("x", { reason: "违规" }), "4000", "publishId");
    refused(await adminOffShelf(999_999, { reason: "违规" }), "4040");
    expect(await squareTargets(s, null)).toContain(agentId);

    ok(await adminOffShelf(publishId, { id: publishId, reason: "内容违规" }));
    expect(await squareTargets(s, null)).not.toContain(agentId);
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Developing");
    const [note] = await messages(s, t.member.token);
    expect(note.content).toContain("违规助手");
    expect(note.content).toContain("内容违规");
    const after = ok(
      await s.call("/api/system/publish/list", { token: t.sysAdmin, body: { pageNo: 1, queryFilter: { kw: "违规" } } }),
    );
    expect(after.total).toBe(0);
  });

  it("leaves the agent Published while a Space publication remains", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    ok(await applyAgent(s, t.member.token, agentId, { scope: "Space" }));
    const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    ok(await adminOffShelf(publishId, { reason: "只留在空间" }));
    expect(await publishStatus(s, t.member.token, agentId)).toBe("Published");
    expect((await liveRows(s, agentId)).map((r) => r.scope)).toEqual(["Space"]);
  });

  it("pages the published list and the audit queue", async () => {
    for (const n of [1, 2, 3]) {
      const agentId = await addAgent(s, t.member.token, t.spaceId, { name: `翻页助手${n}` });
      await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
    }
    const body = (pageNo: number) => ({ pageNo, pageSize: 2, queryFilter: { kw: "翻页助手" } });
    const first = ok(await s.call("/api/system/publish/list", { token: t.sysAdmin, body: body(1) }));
    const second = ok(await s.call("/api/system/publish/list", { token: t.sysAdmin, body: body(2) }));
    expect(first).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    expect(first.records.map((r: { name: string }) => r.name)).toEqual(["翻页助手3", "翻页助手2"]);
    expect(second.records.map((r: { name: string }) => r.name)).toEqual(["翻页助手1"]);
    const applies = ok(await s.call("/api/system/publish/apply/list", { token: t.sysAdmin, body: body(2) }));
    expect(applies).toMatchObject({ total: 3, current: 2, pages: 2 });
    refused(await s.call("/api/system/publish/list", { token: t.sysAdmin, body: { pageNo: 0 } }), "4000", "pageNo");
    refused(
      await s.call("/api/system/publish/apply/list", {
        token: t.sysAdmin,
        body: { queryFilter: { publishStatus: "Whatever" } },
      }),
      "4000",
      "queryFilter.publishStatus",
    );
    refused(await s.call("/api/system/publish/apply/abc", { token: t.sysAdmin }), "4000", "applyId");
    refused(await s.call("/api/system/publish/apply/999999", { token: t.sysAdmin }), "4040");
  });
});

describe("POST /api/system/publish/apply/list (order)", () => {
  it("lists waiting applications first, each part newest first, across pages", async () => {
    const approved = await applied("排序申请一");
    ok(await approve(s, t.sysAdmin, approved.applyId));
    const rejected = await applied("排序申请二");
    ok(await reject(s, t.sysAdmin, rejected.applyId, "不通过"));
    const older = await applied("排序申请三");
    const newer = await applied("排序申请四");
    const page = async (pageNo: number, pageSize: number) => {
      const listed = ok(
        await s.call("/api/system/publish/apply/list", {
          token: t.sysAdmin,
          body: { pageNo, pageSize, queryFilter: { kw: "排序申请" } },
        }),
      );
      return { ids: listed.records.map((r: { id: number }) => r.id), total: listed.total };
    };
    const order = [newer.applyId, older.applyId, rejected.applyId, approved.applyId];
    expect(await page(1, 10)).toEqual({ ids: order, total: 4 });
    // Pages that end inside the waiting part, straddle both parts and lie wholly in the settled part.
    expect(await page(1, 1)).toEqual({ ids: order.slice(0, 1), total: 4 });
    expect(await page(1, 3)).toEqual({ ids: order.slice(0, 3), total: 4 });
    expect(await page(2, 3)).toEqual({ ids: order.slice(3), total: 4 });
    expect(await page(4, 1)).toEqual({ ids: order.slice(3), total: 4 });
  });
});
