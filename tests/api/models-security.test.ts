import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/** Issue 8 item 2: a space member of role User must not be able to steal, re-point or remove a model key. */
let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let thief: Server;
let thiefUrl: string;
const seenByThief: string[] = [];
const SECRET = "sk-owner-secret-0123456789";

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ apiKey: SECRET })]);
  thief = createServer((req, res) => {
    seenByThief.push(String(req.headers.authorization ?? ""));
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":{"message":"no"}}');
  });
  await new Promise<void>((resolve) => thief.listen(0, "127.0.0.1", resolve));
  thiefUrl = `http://127.0.0.1:${(thief.address() as AddressInfo).port}/v1`;
  t = await team(s);
});
afterAll(async () => {
  thief.closeAllConnections();
  await new Promise((resolve) => thief.close(resolve));
  await s.close();
  await fake.close();
});

const modelRow = async (id: number) =>
  (await rows<Record<string, any>>(s, sql`select * from model where id = ${id}`))[0];
const form = (extra: Record<string, unknown> = {}) => ({
  spaceId: t.spaceId,
  name: "老板的模型",
  model: "fake-text",
  apiProtocol: "OpenAI",
  baseUrl: fake.url,
  apiKey: SECRET,
  ...extra,
});
const ownersModel = async () => ok<number>(await s.call("/api/model/save", { token: t.owner.token, body: form() }));
const masked = async (id: number) => ok(await s.call(`/api/model/${id}`, { token: t.member.token })).apiKey as string;
const testById = (token: string, id: number) => s.call("/api/model/test-connectivity", { token, body: { id } });

describe("who may change a space model", () => {
  it("a User-role member may use the owner's model but not edit or delete it", async () => {
    const id = await ownersModel();
    const before = await modelRow(id);
    const key = await masked(id);
    for (const body of [form({ id, apiKey: key, baseUrl: thiefUrl }), form({ id, name: "我改的" })]) {
      refused(await s.call("/api/model/save", { token: t.member.token, body }), "4030");
    }
    refused(await s.call(`/api/model/${id}/delete`, { method: "POST", token: t.member.token }), "4030");
    // A form test that would reuse the stored key is editing by another name: refused too.
    const borrowed = await s.call("/api/model/test-connectivity", {
      token: t.member.token,
      body: form({ id, apiKey: key, baseUrl: thiefUrl }),
    });
    refused(borrowed, "4030");
    expect(await modelRow(id)).toEqual(before);
    expect(ok(await testById(t.member.token, id)).success).toBe(true);
    expect(seenByThief.join(" ")).not.toContain(SECRET);
  });

  it("the space's Admin and Owner and the model's creator may edit and delete it", async () => {
    const id = await ownersModel();
    ok(await s.call("/api/model/save", { token: t.admin.token, body: form({ id, name: "管理员改名" }) }));
    expect((await modelRow(id))!.name).toBe("管理员改名");

    const mine = ok<number>(
      await s.call("/api/model/save", { token: t.member.token, body: form({ name: "成员自己的" }) }),
    );
    ok(await s.call("/api/model/save", { token: t.member.token, body: form({ id: mine, name: "成员改名" }) }));
    expect((await modelRow(mine))!.name).toBe("成员改名");
    refused(await s.call(`/api/model/${mine}/delete`, { method: "POST", token: t.other.token }), "4030");
    ok(await s.call(`/api/model/${mine}/delete`, { method: "POST", token: t.member.token }));
    expect(await modelRow(mine)).toBeUndefined();
    ok(await s.call(`/api/model/${id}/delete`, { method: "POST", token: t.owner.token }));
    expect(await modelRow(id)).toBeUndefined();
  });
});

describe("the stored key follows its address", () => {
  it("re-pointing the base URL with the masked key drops the key; the thief gets nothing", async () => {
    const id = await ownersModel();
    const key = await masked(id);
    ok(await s.call("/api/model/save", { token: t.admin.token, body: form({ id, apiKey: key, baseUrl: thiefUrl }) }));
    expect(await modelRow(id)).toMatchObject({ base_url: thiefUrl, api_key_encrypted: null });
    expect(ok(await s.call(`/api/model/${id}`, { token: t.admin.token })).apiKey).toBe("");
    expect(ok(await testById(t.admin.token, id)).success).toBe(false);
    // Pointing it back does not bring the key back either: it is gone.
    ok(await s.call("/api/model/save", { token: t.admin.token, body: form({ id, apiKey: "" }) }));
    expect((await modelRow(id))!.api_key_encrypted).toBeNull();
    expect(seenByThief.join(" ")).not.toContain(SECRET);
  });

  it("changing the protocol with the masked key drops the key too; a new key is kept", async () => {
    const id = await ownersModel();
    const key = await masked(id);
    ok(
      await s.call("/api/model/save", { token: t.owner.token, body: form({ id, apiKey: key, apiProtocol: "Ollama" }) }),
    );
    expect((await modelRow(id))!.api_key_encrypted).toBeNull();

    // The owner moving the model on with a key of their own: that key is stored and sent.
    ok(
      await s.call("/api/model/save", {
        token: t.owner.token,
        body: form({ id, baseUrl: thiefUrl, apiKey: "sk-new-0000" }),
      }),
    );
    expect((await modelRow(id))!.api_key_encrypted).toMatch(/^v1:/);
    ok(await testById(t.owner.token, id));
    expect(seenByThief.at(-1)).toBe("Bearer sk-new-0000");
  });

  it("saving with the masked key and the same address keeps the key", async () => {
    const id = await ownersModel();
    const stored = (await modelRow(id))!.api_key_encrypted;
    ok(
      await s.call("/api/model/save", {
        token: t.owner.token,
        body: form({ id, name: "只改名", apiKey: await masked(id) }),
      }),
    );
    expect((await modelRow(id))!.api_key_encrypted).toBe(stored);
    expect(ok(await testById(t.owner.token, id)).success).toBe(true);
  });
});

describe("testing a saved model", () => {
  it("runs exactly as stored: a test by id takes no address, and a form with the masked key and a new address sends no key", async () => {
    const id = await ownersModel();
    const key = await masked(id);
    refused(
      await s.call("/api/model/test-connectivity", { token: t.owner.token, body: { id, baseUrl: thiefUrl } }),
      "4000",
    );
    const seen = seenByThief.length;
    const result = ok(
      await s.call("/api/model/test-connectivity", {
        token: t.owner.token,
        body: form({ id, apiKey: key, baseUrl: thiefUrl }),
      }),
    );
    expect(result.success).toBe(false);
    expect(seenByThief.length).toBe(seen + 1);
    expect(seenByThief.at(-1)).not.toContain(SECRET);
    // The same form against the stored address may use the stored key.
    expect(
      ok(await s.call("/api/model/test-connectivity", { token: t.owner.token, body: form({ id, apiKey: key }) }))
        .success,
    ).toBe(true);
  });
});
