import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addAgent, ok, personalSpace } from "../support/agents";
import { rawFetch, rows } from "../support/helpers";
import { newPlugin, publishPlugin, saveHttp } from "../support/plugins";
import { applyAgent, pendingApplyId, publishToSquare, saveConfig } from "../support/publish";
import { startServer, type TestServer } from "../support/server";
import { upload } from "./knowledge-support";

/**
 * Uploaded pictures are stored as signed download links that expire after a day; every answer that carries one
 * signs it afresh (icons-resign.test.ts covers the agent's own icon). Here: the places that answered the stored
 * link as it was — publications (square cards, published views, the audit queue), the agent's export file and the
 * tenant's logo, favicon and banners. Three days on, no answer may carry a link whose time has passed.
 */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const DAY_MS = 24 * 60 * 60_000;
const PICTURES = ["siteLogo", "faviconUrl", "loginBanner", "squareBanner"] as const;
/** The answers crawled that name no picture at all (the check for stale links would pass on them regardless). */
const withoutPictures = ["itemList", "publishedManage"];

let s: TestServer;
let user: Awaited<ReturnType<TestServer["newUser"]>>;
let spaceId: number;
let icon: string;
let agentId: number;
let pluginId: number;
let workflowId: number;
let applyId: number;

beforeAll(async () => {
  s = await startServer();
  user = await s.newUser();
  const admin = await s.adminToken();
  spaceId = await personalSpace(s, user.token);
  icon = (await upload(s, user.token, "icon.png", PNG)).url;
  pluginId = await newPlugin(s, user.token, spaceId, { name: "天气查询", icon });
  ok(await saveHttp(s, user.token, pluginId, { url: "https://api.example.com/weather" }));
  ok(await publishPlugin(s, user.token, pluginId, [{ scope: "Tenant" }]));
  workflowId = ok<number>(
    await s.call("/api/workflow/add", { token: user.token, body: { spaceId, name: "旅行", icon } }),
  );
  const workflowApply = { targetType: "Workflow", targetId: workflowId, category: "Efficiency" };
  ok(
    await s.call("/api/publish/apply", { token: user.token, body: { ...workflowApply, items: [{ scope: "Tenant" }] } }),
  );
  agentId = await addAgent(s, user.token, spaceId, { name: "有图标的助手", icon });
  ok(
    await s.call("/api/agent/component/add", {
      token: user.token,
      body: { agentId, type: "Plugin", targetId: pluginId },
    }),
  );
  await publishToSquare(s, user.token, admin, agentId, { category: "Efficiency" });
  // An application waiting in the audit queue carries the icon too.
  ok(await s.call("/api/agent/config/update", { token: user.token, body: { id: agentId, description: "新版" } }));
  ok(await applyAgent(s, user.token, agentId));
  applyId = await pendingApplyId(s, admin, agentId);
  for (const kind of ["plugin", "workflow"]) {
    const id = kind === "plugin" ? pluginId : workflowId;
    ok(await s.call(`/api/published/${kind}/collect/${id}`, { token: user.token, body: {} }));
  }
  ok(await s.call(`/api/user/agent/collect/${agentId}`, { token: user.token, body: {} }));
  await saveConfig(s, admin, { siteLogo: icon, faviconUrl: icon });
  // The banners have no field on the settings page; an operator sets them in the stored settings.
  await rows(
    s,
    sql`update tenant_config set values = values || ${JSON.stringify({ loginBanner: icon, squareBanner: icon })}::jsonb
        where tenant_id = 1`,
  );
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await s?.close();
});

/** Moves the clock three days on, past every link signed so far, and signs the user and the admin in again then. */
async function threeDaysLater() {
  const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  vi.useFakeTimers({ toFake: ["Date"], now: day + 3 * DAY_MS + 12 * 3_600_000 });
  return { token: await s.login(user.userName, user.password), admin: await s.adminToken() };
}

/** Every download link anywhere in an answer. */
function downloadLinks(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (value.includes("/api/file/download/")) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) downloadLinks(item, found);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) downloadLinks(item, found);
  }
  return found;
}

/** The links among them whose signature has run out (exp is in seconds). */
const expired = (links: string[]) =>
  links.filter((link) => Number(new URL(link, "http://x").searchParams.get("exp")) * 1000 < Date.now());

/** The answers that carry a picture, by what they are. */
async function answers(token: string, admin: string) {
  const page = { page: 1, pageSize: 100 };
  const conversationId = ok<{ id: number }>(
    await s.call("/api/agent/conversation/create", { token, body: { agentId, devMode: false } }),
  ).id;
  const exported = await rawFetch(s, `/api/agent/export/${agentId}`, { headers: { authorization: `Bearer ${token}` } });
  const get = async (path: string, as = token, body?: unknown) => ok(await s.call(path, { token: as, body }));
  return {
    tenantConfig: await get("/api/tenant/config"),
    tenantConfigAnonymous: ok(await s.call("/api/tenant/config")),
    systemConfig: await get("/api/system/config/list", admin, {}),
    agentSquare: await get("/api/published/agent/list", token, page),
    pluginSquare: await get("/api/published/plugin/list", token, page),
    workflowSquare: await get("/api/published/workflow/list", token, page),
    publishedAgent: await get(`/api/published/agent/${agentId}`),
    publishedPlugin: await get(`/api/published/plugin/${pluginId}`),
    publishedWorkflow: await get(`/api/published/workflow/${workflowId}`),
    home: await get("/api/home/list"),
    agentCollects: await get("/api/user/agent/collect/list/1/10"),
    pluginCollects: await get("/api/published/plugin/collect/list", token, page),
    workflowCollects: await get("/api/published/workflow/collect/list", token, page),
    conversation: await get(`/api/agent/conversation/${conversationId}`, token, {}),
    itemList: await get("/api/publish/item/list", token, { targetType: "Agent", targetId: agentId }),
    applyList: await get("/api/system/publish/apply/list", admin, { pageSize: 100, queryFilter: {} }),
    apply: await get(`/api/system/publish/apply/${applyId}`, admin),
    publishedManage: await get("/api/system/publish/list", admin, { pageSize: 100, queryFilter: {} }),
    agent: await get(`/api/agent/${agentId}`),
    agentHistory: await get(`/api/agent/config/history/list/${agentId}`),
    plugin: await get(`/api/plugin/${pluginId}`),
    pluginHistory: await get(`/api/plugin/config/history/list/${pluginId}`),
    workflow: await get(`/api/workflow/${workflowId}`),
    library: await get(`/api/component/list/${spaceId}`),
    export: JSON.parse(exported.text) as unknown,
  };
}

describe("three days after an icon was uploaded", () => {
  it("no answer carries its link signed back then; each one answered loads the picture", async () => {
    const { token, admin } = await threeDaysLater();
    const all = await answers(token, admin);
    const stale = Object.fromEntries(
      Object.entries(all)
        .map(([name, answer]) => [name, expired(downloadLinks(answer))] as const)
        .filter(([, links]) => links.length > 0),
    );
    expect(stale).toEqual({});
    // Each answer named here carried the picture (the check above would pass on answers without it).
    const carrying = Object.entries(all)
      .filter(([, answer]) => downloadLinks(answer).length > 0)
      .map(([name]) => name);
    expect(Object.keys(all).filter((name) => !carrying.includes(name))).toEqual(withoutPictures);
    const fresh = all.tenantConfig as Record<(typeof PICTURES)[number], string>;
    for (const name of PICTURES) {
      expect(fresh[name].split("?")[0], name).toBe(icon.split("?")[0]);
      const res = await fetch(s.url + fresh[name]);
      expect(res.headers.get("content-type"), name).toBe("image/png");
    }
  });

  it("the exported file carries a fresh link to the same picture", async () => {
    const { token } = await threeDaysLater();
    const exported = await rawFetch(s, `/api/agent/export/${agentId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const file = JSON.parse(exported.text) as { agent: { icon: string } };
    expect(expired([file.agent.icon])).toEqual([]);
    expect(file.agent.icon.split("?")[0]).toBe(icon.split("?")[0]);
  });
});
