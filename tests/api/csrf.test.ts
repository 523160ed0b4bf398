import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
const BASE_URL = "https://models.example/v1";

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

/** The session cookie a browser would attach; no Authorization header. */
const cookie = (token: string) => ({ cookie: `ticket=${token}` });

const modelName = async (id: number) =>
  (await rows<{ name: string }>(s, sql`select name from model where id = ${id}`))[0]?.name;

async function spaceModel(name = "团队模型") {
  return ok<number>(
    await s.call("/api/model/save", {
      token: t.owner.token,
      body: { spaceId: t.spaceId, name, model: "m", apiProtocol: "OpenAI", baseUrl: BASE_URL },
    }),
  );
}

describe("state changes are POST only (a cross-site link or image cannot trigger them)", () => {
  it("GET …/model/:id/delete answers 4050 and deletes nothing, for space and system models", async () => {
    const id = await spaceModel();
    const systemId = ok<number>(
      await s.call("/api/system/model/save", {
        token: t.sysAdmin,
        body: { name: "公共模型", model: "m", apiProtocol: "OpenAI", baseUrl: BASE_URL },
      }),
    );
    for (const headers of [cookie(t.owner.token), { authorization: `Bearer ${t.owner.token}` }]) {
      refused(await s.call(`/api/model/${id}/delete`, { headers }), "4050");
    }
    refused(await s.call(`/api/system/model/${systemId}/delete`, { headers: cookie(t.sysAdmin) }), "4050");
    expect(await modelName(id)).toBe("团队模型");
    expect(await modelName(systemId)).toBe("公共模型");
    ok(await s.call(`/api/model/${id}/delete`, { method: "POST", token: t.owner.token }));
    expect(await modelName(id)).toBeUndefined();
  });

  it("GET logout keeps the session; GET on the notification clears changes nothing", async () => {
    const u = await s.newUser();
    ok(
      await s.call("/api/system/user/notify/message/send", {
        token: t.sysAdmin,
        body: { scope: "Broadcast", content: "维护通知" },
      }),
    );
    const unread = async () => ok<number>(await s.call("/api/notify/message/unread/count", { token: u.token }));
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    for (const path of ["/api/user/logout", "/api/notify/message/unread/clear", "/api/notify/event/clear"]) {
      refused(await s.call(path, { headers: cookie(u.token) }), "4050");
    }
    expect(await unread()).toBe(before);
    ok(await s.call("/api/user/getLoginInfo", { token: u.token }));
    ok(await s.call("/api/notify/message/unread/clear", { method: "POST", token: u.token }));
    expect(await unread()).toBe(0);
  });
});

describe("cookie-authenticated writes from another site are refused (4030, nothing changed)", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a sibling subdomain's Origin", { origin: "http://evil.127.0.0.1.nip.io" }],
    ["an opaque Origin", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
  ])("%s", async (_, headers) => {
    const id = await spaceModel();
    const rename = { spaceId: t.spaceId, id, name: "被改名", model: "m", apiProtocol: "OpenAI", baseUrl: BASE_URL };
    refused(
      await s.call("/api/model/save", { body: rename, headers: { ...cookie(t.owner.token), ...headers } }),
      "4030",
    );
    refused(
      await s.call("/api/user/logout", { method: "POST", headers: { ...cookie(t.member.token), ...headers } }),
      "4030",
    );
    expect(await modelName(id)).toBe("团队模型");
    ok(await s.call("/api/user/getLoginInfo", { token: t.member.token }));
  });

  it("lets our own pages, clients without Origin and Bearer callers from anywhere through", async () => {
    const id = await spaceModel();
    const rename = (name: string) => ({
      spaceId: t.spaceId,
      id,
      name,
      model: "m",
      apiProtocol: "OpenAI",
      baseUrl: BASE_URL,
    });
    const own = { origin: s.url, "sec-fetch-site": "same-origin" };
    ok(await s.call("/api/model/save", { body: rename("本站页面"), headers: { ...cookie(t.owner.token), ...own } }));
    expect(await modelName(id)).toBe("本站页面");
    ok(await s.call("/api/model/save", { body: rename("脚本"), headers: cookie(t.owner.token) }));
    expect(await modelName(id)).toBe("脚本");
    const foreign = { origin: "https://client.example", "sec-fetch-site": "cross-site" };
    ok(await s.call("/api/model/save", { body: rename("第三方"), token: t.owner.token, headers: foreign }));
    expect(await modelName(id)).toBe("第三方");
  });
});
