import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/**
 * The original client's lists of features we do not offer (issue 18 item 7): each answers its empty shape to a
 * member, and refuses outsiders, anonymous callers and bad input as a real list of that kind would.
 */
let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(async () => {
  await s?.close();
});

describe("lists of features outside this product", () => {
  it("answers a member an empty MCP list and an empty custom-page list for their space", async () => {
    expect(ok(await s.call(`/api/mcp/list/${t.spaceId}`, { token: t.member.token }))).toEqual([]);
    expect(ok(await s.call(`/api/custom-page/list-projects?spaceId=${t.spaceId}`, { token: t.member.token }))).toEqual(
      [],
    );
  });

  it("answers the ecosystem market as an empty page of the size asked for", async () => {
    const body = { queryFilter: { dataType: 1, subTabType: 1, name: "搜索" }, current: 2, pageSize: 10 };
    expect(ok(await s.call("/api/system/eco/market/client/config/list", { token: t.member.token, body }))).toEqual({
      records: [],
      total: 0,
      size: 10,
      current: 2,
      pages: 0,
    });
  });

  it("refuses outsiders of the space, anonymous callers and bad input", async () => {
    refused(await s.call(`/api/mcp/list/${t.spaceId}`, { token: t.outsider.token }), "4040");
    refused(await s.call(`/api/custom-page/list-projects?spaceId=${t.spaceId}`, { token: t.outsider.token }), "4040");
    refused(await s.call(`/api/mcp/list/${t.spaceId}`), "4010");
    refused(await s.call("/api/system/eco/market/client/config/list", { body: {} }), "4010");
    refused(await s.call("/api/mcp/list/abc", { token: t.member.token }), "4000", "spaceId");
    refused(await s.call("/api/custom-page/list-projects", { token: t.member.token }), "4000", "spaceId");
    refused(
      await s.call("/api/system/eco/market/client/config/list", { token: t.member.token, body: { pageSize: 1000 } }),
      "4000",
      "pageSize",
    );
  });
});
