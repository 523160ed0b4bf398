import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { bindModel } from "../support/chat";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let builtinId: number;
const SECRET = "sk-live-0123456789abcdef";

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ apiKey: SECRET })]);
  t = await team(s);
  builtinId = ok<any[]>(await s.call("/api/model/list", { token: t.outsider.token, body: {} })).find(
    (m) => m.builtin,
  ).id;
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const modelRow = async (id: number) =>
  (await rows<Record<string, any>>(s, sql`select * from model where id = ${id}`))[0];
const spaceModel = (extra: Record<string, unknown> = {}) => ({
  spaceId: t.spaceId,
  name: "团队模型",
  model: "fake-text",
  apiProtocol: "OpenAI",
  baseUrl: fake.url,
  apiKey: SECRET,
  ...extra,
});

describe("space models (/api/model/*)", () => {
  it("members create and read their space's models, admins update and delete them; the key is only ever masked", async () => {
    const id = ok<number>(await s.call("/api/model/save", { token: t.member.token, body: spaceModel() }));
    const stored = await modelRow(id);
    expect(stored).toMatchObject({ scope: "Space", space_id: t.spaceId, creator_id: t.member.id });
    expect(stored!.api_key_encrypted).toMatch(/^v1:/);
    expect(stored!.api_key_encrypted).not.toContain(SECRET);
    expect(JSON.stringify(stored)).not.toContain("0123456789abcdef");

    const read = ok(await s.call(`/api/model/${id}`, { token: t.other.token }));
    expect(read).toMatchObject({ id, name: "团队模型", scope: "Space", apiProtocol: "OpenAI", baseUrl: fake.url });
    expect(read.apiKey).not.toBe(SECRET);
    expect(read.apiKey).toContain("****");
    const listed = ok<any[]>(await s.call("/api/model/list", { token: t.other.token, body: { spaceId: t.spaceId } }));
    expect(listed.map((m) => m.id)).toEqual(expect.arrayContaining([id, builtinId]));
    for (const m of listed) expect(JSON.stringify(m)).not.toContain(SECRET);

    // Saving the masked value back keeps the real key: the connection still authenticates.
    ok(
      await s.call("/api/model/save", {
        token: t.admin.token,
        body: spaceModel({ id, name: "改名模型", apiKey: read.apiKey }),
      }),
    );
    expect((await modelRow(id))!.name).toBe("改名模型");
    expect(ok(await s.call("/api/model/test-connectivity", { token: t.member.token, body: { id } }))).toMatchObject({
      success: true,
    });
    ok(
      await s.call("/api/model/save", {
        token: t.admin.token,
        body: spaceModel({
          id,
          apiInfoList: [{ url: fake.url, key: read.apiKey }],
          apiKey: undefined,
          baseUrl: undefined,
        }),
      }),
    );
    expect(ok(await s.call("/api/model/test-connectivity", { token: t.member.token, body: { id } })).success).toBe(
      true,
    );

    ok(await s.call(`/api/model/${id}/delete`, { method: "POST", token: t.admin.token }));
    expect(await modelRow(id)).toBeUndefined();
  });

  it("refuses outsiders (nothing leaked or changed) and bad input (nothing written)", async () => {
    const id = ok<number>(await s.call("/api/model/save", { token: t.member.token, body: spaceModel() }));
    const before = await modelRow(id);
    const models = await count(s, "model");
    for (const r of [
      await s.call(`/api/model/${id}`, { token: t.outsider.token }),
      await s.call(`/api/model/${id}/delete`, { method: "POST", token: t.outsider.token }),
      await s.call("/api/model/save", { token: t.outsider.token, body: spaceModel({ id, name: "外人改的" }) }),
      await s.call("/api/model/test-connectivity", { token: t.outsider.token, body: { id } }),
    ]) {
      refused(r, "4040");
    }
    expect(["4030", "4040"]).toContain(
      (await s.call("/api/model/list", { token: t.outsider.token, body: { spaceId: t.spaceId } })).code,
    );
    expect(["4030", "4040"]).toContain(
      (await s.call("/api/model/save", { token: t.outsider.token, body: spaceModel() })).code,
    );
    refused(await s.call(`/api/model/${id}`), "4010");
    refused(await s.call("/api/model/save", { token: t.member.token, body: spaceModel({ name: "" }) }), "4000", "name");
    refused(
      await s.call("/api/model/save", { token: t.member.token, body: spaceModel({ baseUrl: "ftp://x" }) }),
      "4000",
      "baseUrl",
    );
    refused(
      await s.call("/api/model/save", { token: t.member.token, body: spaceModel({ apiProtocol: "Builtin" }) }),
      "4000",
      "apiProtocol",
    );
    refused(
      await s.call("/api/model/save", { token: t.member.token, body: spaceModel({ spaceId: undefined }) }),
      "0001",
    );
    expect(await modelRow(id)).toEqual(before);
    expect(await count(s, "model")).toBe(models);

    // Tenant models are readable by anyone signed in, but not writable from the space API.
    expect(ok(await s.call(`/api/model/${builtinId}`, { token: t.outsider.token }))).toMatchObject({
      builtin: true,
      apiKey: "",
    });
    refused(await s.call("/api/model/save", { token: t.member.token, body: spaceModel({ id: builtinId }) }), "4030");
    refused(await s.call(`/api/model/${builtinId}/delete`, { method: "POST", token: t.member.token }), "4030");
    expect(await modelRow(builtinId)).toMatchObject({ name: "内置离线模型" });
  });
});

describe("system models (/api/system/model/*)", () => {
  const systemModel = (extra: Record<string, unknown> = {}) => ({
    ...spaceModel({ spaceId: undefined }),
    name: "公共模型",
    ...extra,
  });

  it("are for system admins only: every endpoint answers 4030 to anyone else", async () => {
    const models = await count(s, "model");
    const calls: [string, object?][] = [
      ["/api/system/model/save", systemModel()],
      ["/api/system/model/list", {}],
      ["/api/system/model/test-connectivity", { id: builtinId }],
      ["/api/system/model/defaults", { defaultChatModelId: builtinId }],
      [`/api/system/model/${builtinId}/delete`, {}],
    ];
    for (const token of [t.owner.token, t.member.token, t.outsider.token]) {
      for (const [path, body] of calls) refused(await s.call(path, { token, body }), "4030");
      refused(await s.call("/api/system/model/list", { token }), "4030");
      refused(await s.call(`/api/system/model/${builtinId}`, { token }), "4030");
      refused(await s.call(`/api/system/model/${builtinId}/delete`, { method: "POST", token }), "4030");
    }
    refused(await s.call("/api/system/model/list", { body: {} }), "4010");
    expect(await count(s, "model")).toBe(models);
  });

  it("admins manage tenant models; defaults and models in use cannot be deleted", async () => {
    const id = ok<number>(await s.call("/api/system/model/save", { token: t.sysAdmin, body: systemModel() }));
    expect(await modelRow(id)).toMatchObject({ scope: "Tenant", space_id: null });
    const listed = ok<any[]>(await s.call("/api/system/model/list", { token: t.sysAdmin }));
    expect(listed.find((m) => m.id === id)).toMatchObject({
      name: "公共模型",
      apiKey: expect.stringContaining("****"),
    });
    // Everyone signed in sees tenant models in plain lists.
    expect(
      ok<any[]>(await s.call("/api/model/list", { token: t.outsider.token, body: {} })).map((m) => m.id),
    ).toContain(id);

    refused(await s.call(`/api/system/model/${builtinId}/delete`, { method: "POST", token: t.sysAdmin }), "0001");
    expect(await modelRow(builtinId)).toBeDefined();

    const agentId = await addAgent(s, t.member.token, t.spaceId);
    await bindModel(s, t.member.token, agentId, id);
    const inUse = await s.call(`/api/system/model/${id}/delete`, { method: "POST", token: t.sysAdmin });
    refused(inUse, "0001");
    expect(inUse.message).toContain("1 个智能体");
    await bindModel(s, t.member.token, agentId, builtinId);
    ok(await s.call(`/api/system/model/${id}/delete`, { method: "POST", token: t.sysAdmin }));
    expect(await modelRow(id)).toBeUndefined();
  });

  it("validates tenant defaults: enabled tenant models of the right kind, and a chat default is required", async () => {
    const chatId = ok<number>(await s.call("/api/system/model/save", { token: t.sysAdmin, body: systemModel() }));
    const embedId = ok<number>(
      await s.call("/api/system/model/save", {
        token: t.sysAdmin,
        body: systemModel({ name: "向量", type: "Embeddings", model: "emb" }),
      }),
    );
    const spaceId = ok<number>(await s.call("/api/model/save", { token: t.member.token, body: spaceModel() }));
    const setDefaults = (body: object) => s.call("/api/system/model/defaults", { token: t.sysAdmin, body });
    const stored = async () => ok(await s.call("/api/tenant/config", { token: t.sysAdmin }));
    const before = await stored();

    refused(await setDefaults({ defaultChatModelId: embedId }), "0001");
    refused(await setDefaults({ defaultChatModelId: spaceId }), "0001");
    refused(await setDefaults({ defaultEmbedModelId: chatId }), "0001");
    refused(await setDefaults({ defaultChatModelId: null }), "0001");
    refused(await setDefaults({ defaultChatModelId: 999999 }), "0001");
    refused(await setDefaults({ defaultChatModelId: "abc" }), "4000", "defaultChatModelId");
    expect((await stored()).defaultChatModelId).toBe(before.defaultChatModelId);

    ok(await setDefaults({ defaultChatModelId: chatId, defaultEmbedModelId: embedId }));
    expect(await stored()).toMatchObject({ defaultChatModelId: chatId, defaultEmbedModelId: embedId });
    refused(await s.call(`/api/system/model/${chatId}/delete`, { method: "POST", token: t.sysAdmin }), "0001");
    // New agents start on the new default.
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    const model = ok<any[]>(await s.call(`/api/agent/component/list/${agentId}`, { token: t.member.token })).find(
      (c) => c.type === "Model",
    );
    expect(model.targetId).toBe(chatId);
    ok(await setDefaults({ defaultChatModelId: builtinId, defaultEmbedModelId: null }));
  });
});

describe("test connectivity", () => {
  const test = (body: object, path = "/api/system/model/test-connectivity") =>
    s.call(path, { token: t.sysAdmin, body: { name: "测试", model: "fake-text", apiProtocol: "OpenAI", ...body } });

  it("succeeds against a live OpenAI-compatible server and reports latency", async () => {
    const result = ok(await test({ baseUrl: fake.url, apiKey: SECRET }));
    expect(result).toMatchObject({ success: true, message: expect.stringContaining("连接成功") });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(fake.requests.at(-1)!.path).toBe("/v1/chat/completions");
    // Space members test from the space API too.
    expect(
      ok(await test({ baseUrl: fake.url, apiKey: SECRET, spaceId: t.spaceId }, "/api/model/test-connectivity")).success,
    ).toBe(true);
    expect(ok(await test({ type: "Embeddings", model: "emb", baseUrl: fake.url, apiKey: SECRET })).success).toBe(true);
  });

  it("explains a wrong key and an unreachable server in Chinese", async () => {
    const wrongKey = ok(await test({ baseUrl: fake.url, apiKey: "sk-wrong-key-000000" }));
    expect(wrongKey).toEqual({
      success: false,
      latencyMs: expect.any(Number),
      message: "模型服务鉴权失败，请检查 API Key",
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // A closed port, and an unresolvable name: one answer, so replies cannot be used to scan.
    for (const baseUrl of [`http://127.0.0.1:${port}/v1`, "http://no-such-host.invalid/v1"]) {
      const unreachable = ok(await test({ baseUrl, apiKey: SECRET }));
      expect(unreachable).toMatchObject({ success: false, message: "无法连接到该地址，请检查地址与网络" });
    }
    const error = ok(await test({ baseUrl: fake.url, apiKey: SECRET, model: "fake-error" }));
    expect(error.message).toBe("模型服务暂时不可用（500），请稍后再试");
  });

  it("never sends a stored key to an address chosen by someone who may not edit the model", async () => {
    const seen: string[] = [];
    const thief = createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? ""));
      res.writeHead(401).end();
    });
    await new Promise<void>((resolve) => thief.listen(0, "127.0.0.1", resolve));
    const thiefUrl = `http://127.0.0.1:${(thief.address() as AddressInfo).port}/v1`;
    try {
      const id = ok<number>(
        await s.call("/api/system/model/save", {
          token: t.sysAdmin,
          body: { ...spaceModel({ spaceId: undefined }), name: "公司密钥" },
        }),
      );
      const masked = ok(await s.call(`/api/model/${id}`, { token: t.outsider.token })).apiKey;
      const redirected = {
        id,
        name: "公司密钥",
        model: "fake-text",
        apiProtocol: "OpenAI",
        baseUrl: thiefUrl,
        apiKey: masked,
      };
      for (const token of [t.outsider.token, t.member.token]) {
        const r = await s.call("/api/model/test-connectivity", { token, body: redirected });
        expect(r.success && r.data.success).toBe(false);
      }
      expect(seen.join(" ")).not.toContain(SECRET);
      // The admin may try the stored key against another address.
      const own = ok(
        await s.call("/api/system/model/test-connectivity", {
          token: t.sysAdmin,
          body: { ...redirected, baseUrl: fake.url },
        }),
      );
      expect(own.success).toBe(true);
    } finally {
      thief.closeAllConnections();
      await new Promise((resolve) => thief.close(resolve));
    }
  });

  it("reports a failing provider in Chinese", async () => {
    const error = ok(await test({ baseUrl: fake.url, apiKey: SECRET, model: "fake-error" }));
    expect(error.message).toBe("模型服务暂时不可用（500），请稍后再试");
  });
});
