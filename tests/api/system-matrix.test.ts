import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#server/api/app";
import type { Deps } from "#server/core";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { applyAgent, pendingApplyId, publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let calls: { method: "GET" | "POST"; path: string; body?: unknown }[];

/** Everything an admin endpoint could change, as one comparable value per table. */
const TABLES = [
  "user",
  "model",
  "tenant_config",
  "agent",
  "publish_apply",
  "published",
  "notify_message",
  "notify_message_user",
  "notify_event",
  "config_history",
];
async function fingerprint() {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number; digest: string | null }>(
      s,
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(table)} t`,
    );
    out[table] = row;
  }
  return out;
}

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  const modelId = ok<number>(
    await s.call("/api/system/model/save", {
      token: t.sysAdmin,
      body: { name: "矩阵模型", model: "m", baseUrl: "https://api.example.com/v1", apiKey: "sk-matrix-000000" },
    }),
  );
  const live = await addAgent(s, t.member.token, t.spaceId, { name: "已上架" });
  const publishId = await publishToSquare(s, t.member.token, t.sysAdmin, live);
  const waiting = await addAgent(s, t.member.token, t.spaceId, { name: "待审核" });
  ok(await applyAgent(s, t.member.token, waiting));
  const applyId = await pendingApplyId(s, t.sysAdmin, waiting);
  const victim = t.other.id;
  calls = [
    { method: "POST", path: "/api/system/publish/apply/list", body: {} },
    { method: "GET", path: `/api/system/publish/apply/${applyId}` },
    { method: "POST", path: "/api/system/publish/list", body: {} },
    { method: "POST", path: `/api/system/publish/reject/${applyId}`, body: { reason: "越权拒绝" } },
    { method: "POST", path: `/api/system/publish/offShelf/${publishId}`, body: { reason: "越权下架" } },
    { method: "POST", path: `/api/system/publish/${applyId}`, body: { id: applyId } },
    {
      method: "POST",
      path: "/api/system/model/save",
      body: { name: "越权", model: "x", baseUrl: "https://a.example/v1" },
    },
    { method: "POST", path: "/api/system/model/save", body: { id: modelId, name: "改名", model: "m" } },
    { method: "POST", path: "/api/system/model/list", body: {} },
    { method: "GET", path: "/api/system/model/list" },
    { method: "POST", path: "/api/system/model/test-connectivity", body: { id: modelId } },
    { method: "POST", path: "/api/system/model/defaults", body: { defaultChatModelId: modelId } },
    { method: "POST", path: `/api/system/model/${modelId}/delete`, body: {} },
    { method: "GET", path: `/api/system/model/${modelId}` },
    { method: "POST", path: "/api/system/user/list", body: {} },
    {
      method: "POST",
      path: "/api/system/user/add",
      body: { userName: "sneaky", password: "Sneaky#123", role: "Admin" },
    },
    { method: "POST", path: `/api/system/user/updateById/${victim}`, body: { role: "Admin" } },
    { method: "POST", path: `/api/system/user/enable/${victim}`, body: {} },
    { method: "POST", path: `/api/system/user/disable/${victim}`, body: {} },
    { method: "POST", path: `/api/system/user/delete/${victim}`, body: {} },
    { method: "POST", path: "/api/system/user/notify/message/send", body: { scope: "Broadcast", content: "越权广播" } },
    { method: "POST", path: "/api/system/config/list", body: {} },
    { method: "POST", path: "/api/system/config/add", body: { siteName: "越权站点" } },
    { method: "POST", path: "/api/system/config/save", body: { agentPublishAudit: 0 } },
  ];
});
afterAll(() => s.close());

describe("/api/system/** is for system administrators only", () => {
  it("covers every /api/system route the server registers", () => {
    const registered = new Set(
      createApi({} as Deps)
        .routes.filter((r) => r.path.startsWith("/api/system") && r.method !== "ALL")
        .map((r) => `${r.method} ${r.path}`),
    );
    expect(registered.size).toBeGreaterThan(20);
    for (const route of registered) {
      // The original client's ecosystem-market list is read by every signed-in user; it lists nothing (elsewhere).
      if (route === "POST /api/system/eco/market/client/config/list") continue;
      const [method, pattern] = route.split(" ") as [string, string];
      const re = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "\\d+")}$`);
      const covered = calls.some((c) => c.method === method && re.test(c.path));
      expect(covered, `${route} is not in the matrix`).toBe(true);
    }
  });

  it("answers 4030 to every signed-in non-admin (space owner, member, outsider), changing nothing", async () => {
    const before = await fingerprint();
    for (const user of [t.owner, t.member, t.other, t.outsider]) {
      for (const call of calls) {
        const res = await s.call(call.path, { method: call.method, token: user.token, body: call.body });
        refused(res, "4030");
        expect(res.message, `${call.method} ${call.path}`).toContain("管理员");
      }
    }
    expect(await fingerprint()).toEqual(before);
    // The victim is untouched and still signed in.
    ok(await s.call("/api/user/getLoginInfo", { token: t.other.token }));
  });

  it("answers 4010 without a token and 4011 with a Referer, changing nothing", async () => {
    const before = await fingerprint();
    for (const call of calls) {
      refused(await s.call(call.path, { method: call.method, body: call.body }), "4010");
      const fromPage = await s.call(call.path, {
        method: call.method,
        body: call.body,
        headers: { referer: `${s.url}/system/config` },
      });
      expect(fromPage.code).toBe("4011");
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("lets the admin through on the same reads", async () => {
    for (const call of calls.filter(
      (c) => (c.method === "GET" && !c.path.endsWith("/delete")) || c.path.endsWith("/list"),
    )) {
      ok(await s.call(call.path, { method: call.method, token: t.sysAdmin, body: call.body }));
    }
  });
});

describe("issue-5 endpoints outside /api/system need a token", () => {
  it("answers 4010 on every one and writes nothing", async () => {
    const before = await fingerprint();
    const open: [string, "GET" | "POST", unknown?][] = [
      ["/api/agent/publish/apply/1", "POST", { scope: "Tenant" }],
      ["/api/publish/apply", "POST", { targetType: "Agent", targetId: 1, items: [{ scope: "Tenant" }] }],
      ["/api/publish/item/list", "POST", { targetType: "Agent", targetId: 1 }],
      ["/api/publish/offShelf", "POST", { publishId: 1 }],
      ["/api/publish/template/copy", "POST", { targetId: 1, targetSpaceId: 1 }],
      ["/api/published/agent/1", "GET"],
      ["/api/notify/message/list", "POST", {}],
      ["/api/notify/message/unread/count", "GET"],
      ["/api/notify/message/unread/clear", "POST", {}],
      ["/api/notify/message/read", "POST", [1]],
      ["/api/notify/event/collect/batch", "GET"],
      ["/api/notify/event/clear", "POST", {}],
    ];
    for (const [path, method, body] of open) refused(await s.call(path, { method, body }), "4010");
    // The square itself is public.
    ok(await s.call("/api/published/agent/list", { body: {} }));
    ok(await s.call("/api/published/category/list"));
    expect(await fingerprint()).toEqual(before);
  });
});
