import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTenantConfigValues } from "#server/modules/tenant/repo";
import { addAgent, ok, refused } from "../support/agents";
import { publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.adminToken();
});
afterAll(() => s.close());

const save = (body: unknown, path = "/api/system/config/save") => s.call(path, { token: admin, body });
const configList = async () => ok<any[]>(await s.call("/api/system/config/list", { token: admin, body: {} }));
const itemOf = async (name: string) => (await configList()).find((i) => i.name === name);
const stored = () => findTenantConfigValues(s.deps.db, 1);
const publicConfig = async () => ok(await s.call("/api/tenant/config"));
const systemModel = (extra: Record<string, unknown> = {}) =>
  s.call<number>("/api/system/model/save", {
    token: admin,
    body: {
      name: "备用模型",
      model: "gpt-x",
      baseUrl: "https://api.example.com/v1",
      apiKey: "sk-test-123456",
      ...extra,
    },
  });

describe("POST /api/system/config/list", () => {
  it("lists every setting grouped by category with its label and input type", async () => {
    const items = await configList();
    const categories = new Set(items.map((i) => i.category));
    for (const c of ["BaseConfig", "LoginConfig", "PublishConfig", "ModelSetting", "AgentSetting", "MailConfig"]) {
      expect(categories).toContain(c);
    }
    expect(items.find((i) => i.name === "siteName")).toMatchObject({
      tenantId: 1,
      category: "BaseConfig",
      inputType: "Input",
      description: "站点名称",
      value: "智能体平台",
    });
    expect(items.find((i) => i.name === "agentPublishAudit")).toMatchObject({ value: 1, inputType: "Switch" });
    expect(items.map((i) => i.sort)).toEqual(items.map((_, n) => n));
  });

  it("never returns the SMTP password, only whether one is set", async () => {
    expect((await itemOf("smtpPassword")).value).toBe("");
    ok(await save({ smtpHost: "smtp.example.com", smtpPassword: "Mail#Secret-2026" }));
    const value = (await itemOf("smtpPassword")).value as string;
    expect(value).toBe("********");
    for (const piece of ["Mai", "Sec", "2026", "026"]) expect(value).not.toContain(piece);
    expect(JSON.stringify(await publicConfig())).not.toContain("Mail#Secret");
    expect(JSON.stringify(ok(await s.call("/api/tenant/config", { token: admin })))).not.toContain("Mail#Secret");
  });
});

describe("POST /api/system/config/save and /add", () => {
  it("saves form values (strings coerced) and the site follows at once", async () => {
    ok(await save({ siteName: "我的智能体站", agentPublishAudit: "0", authExpire: "600", faviconUrl: "/f.ico" }));
    expect(await publicConfig()).toMatchObject({
      siteName: "我的智能体站",
      agentPublishAudit: 0,
      authExpire: 600,
      faviconUrl: "/f.ico",
    });
    ok(
      await save({
        siteUrl: "https://agents.example.com/",
        siteLogo: "https://cdn.example.com/logo.png",
        smtpFrom: "平台 <noreply@example.com>",
      }),
    );
    expect(await publicConfig()).toMatchObject({ siteUrl: "https://agents.example.com/" });
    ok(await save({ agentPublishAudit: 1, siteName: "第二个名字" }, "/api/system/config/add"));
    expect(await publicConfig()).toMatchObject({ siteName: "第二个名字", agentPublishAudit: 1, authExpire: 600 });
  });

  it("keeps the stored secret when the masked value or an empty one is sent back, and replaces it otherwise", async () => {
    ok(await save({ smtpPassword: "First#Secret1" }));
    ok(await save({ smtpPassword: "********", smtpUsername: "mailer" }));
    expect(await stored()).toMatchObject({ smtpPassword: "First#Secret1", smtpUsername: "mailer" });
    ok(await save({ smtpPassword: "" }));
    expect((await stored()).smtpPassword).toBe("First#Secret1");
    ok(await save({ smtpPassword: "Second#Secret2" }));
    expect((await stored()).smtpPassword).toBe("Second#Secret2");
  });

  it("refuses unknown keys and bad values naming them, writing nothing (not even the good keys)", async () => {
    const before = await stored();
    refused(await save({ siteName: "不会保存", noSuchKey: 1 }), "4000", "noSuchKey");
    refused(await save({ siteName: "不会保存", allowAgentApi: 1 }), "4000", "allowAgentApi");
    refused(await save({ siteName: "不会保存", authExpire: 1 }), "4000", "authExpire");
    refused(await save({ siteName: "不会保存", authExpire: "很久" }), "4000", "authExpire");
    refused(await save({ siteName: "不会保存", agentPublishAudit: 2 }), "4000", "agentPublishAudit");
    refused(await save({ siteName: "不会保存", authType: 9 }), "4000", "authType");
    refused(await save({ siteName: "长".repeat(65) }), "4000", "siteName");
    refused(await save({ siteName: null }), "4000", "siteName");
    refused(await save({ smtpPort: 70_000 }), "4000", "smtpPort");
    refused(await save({ siteUrl: "agents.example.com" }), "4000", "siteUrl");
    refused(await save({ siteLogo: "javascript:alert(1)" }), "4000", "siteLogo");
    refused(await save({ faviconUrl: "//evil.example/f.ico" }), "4000", "faviconUrl");
    refused(await save({ smtpFrom: "not an address" }), "4000", "smtpFrom");
    refused(await save(["siteName"]), "4000");
    refused(await s.call("/api/system/config/save", { token: admin, raw: "{oops" }), "4000");
    expect(await stored()).toEqual(before);
    expect((await publicConfig()).siteName).not.toBe("不会保存");
  });

  it("never clears the default chat model and only accepts enabled tenant models of the right kind", async () => {
    const current = (await publicConfig()).defaultChatModelId;
    expect(current).toEqual(expect.any(Number));
    const before = await stored();
    refused(await save({ defaultChatModelId: "" }), "4000", "defaultChatModelId");
    refused(await save({ defaultChatModelId: null }), "4000", "defaultChatModelId");
    refused(await save({ defaultChatModelId: 999_999 }), "4000", "defaultChatModelId");
    const disabled = ok(await systemModel({ name: "停用模型", enabled: 0 }));
    refused(await save({ defaultChatModelId: disabled }), "4000", "defaultChatModelId");
    const embeddings = ok(await systemModel({ name: "向量模型", type: "Embeddings", model: "emb" }));
    refused(await save({ defaultChatModelId: embeddings }), "4000", "defaultChatModelId");
    refused(await save({ defaultEmbedModelId: current }), "4000", "defaultEmbedModelId");
    expect(await stored()).toEqual(before);

    const spare = ok(await systemModel());
    ok(await save({ defaultChatModelId: String(spare), defaultEmbedModelId: embeddings, defaultSuggestModelId: "" }));
    expect(await publicConfig()).toMatchObject({
      defaultChatModelId: spare,
      defaultEmbedModelId: embeddings,
      defaultSuggestModelId: null,
    });
    ok(await save({ defaultChatModelId: current }));
  });

  it("accepts as the home agent only an agent published to the square", async () => {
    const u = await s.newUser();
    const spaceId = ok<any[]>(await s.call("/api/space/list", { token: u.token }))[0].id;
    const agentId = await addAgent(s, u.token, spaceId, { name: "首页助手" });
    refused(await save({ defaultAgentId: agentId }), "4000", "defaultAgentId");
    await publishToSquare(s, u.token, admin, agentId);
    ok(await save({ defaultAgentId: String(agentId) }));
    expect((await publicConfig()).defaultAgentId).toBe(agentId);
    ok(await save({ defaultAgentId: "" }));
    expect((await publicConfig()).defaultAgentId).toBeNull();
  });
});
