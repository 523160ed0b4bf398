import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pluginTestResultSchema } from "#contract/api/plugin";
import { ok, type Team, team } from "../support/agents";
import { newPlugin, saveHttp, startService } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";

/**
 * Test runs (试运行) and output analysis (解析出参) of HTTP plugins against a local service. The server under test
 * opens only the host name "localhost" (an operator's allowlist entry), so the service is reachable under that
 * name while every other spelling of loopback, and the cloud metadata address, stays closed.
 */
let s: TestServer;
let t: Team;
let service: Awaited<ReturnType<typeof startService>>;
let base: string;

beforeAll(async () => {
  service = await startService({
    "/echo/42": (req, body) => ({
      headers: { "x-trace": "abc" },
      body: {
        path: req.url?.split("?")[0],
        query: Object.fromEntries(new URL(req.url ?? "", "http://x").searchParams),
        token: req.headers["x-token"] ?? null,
        received: body ? JSON.parse(body) : null,
        items: [{ temp: 21.5, city: "北京" }, { temp: 19 }],
      },
    }),
    "/list": () => ({ body: [{ id: 1, tags: ["a"] }] }),
    "/fail": () => ({ status: 500, body: { error: "boom" } }),
    "/to-loopback": () => ({ status: 302, headers: { location: `http://127.0.0.1:${service.port}/list` } }),
    "/to-metadata": () => ({ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }),
  });
  base = `http://localhost:${service.port}`;
  s = await startServer({ EGRESS_ALLOW: "localhost" });
  t = await team(s);
});
afterAll(async () => {
  await s?.close();
  await service?.close();
});

const echoConfig = () => ({
  method: "POST",
  url: `${base}/echo/{id}`,
  contentType: "JSON",
  inputArgs: [
    { name: "id", dataType: "Integer", inputType: "Path", require: true },
    { name: "q", dataType: "String", inputType: "Query" },
    { name: "X-Token", dataType: "String", inputType: "Header" },
    { name: "name", dataType: "String", inputType: "Body" },
  ],
  outputArgs: [
    { name: "path", dataType: "String" },
    {
      name: "items",
      dataType: "Array_Object",
      subArgs: [{ name: "[Array_Item]", dataType: "Object", subArgs: [{ name: "temp", dataType: "Number" }] }],
    },
  ],
});

async function httpPlugin(config: Record<string, unknown>) {
  const id = await newPlugin(s, t.member.token, t.spaceId);
  ok(await saveHttp(s, t.member.token, id, config));
  return id;
}

const runTest = async (pluginId: number, params: Record<string, unknown> = {}, token = t.other.token) =>
  ok(await s.call("/api/plugin/test", { token, body: { pluginId, params, requestId: "req-1" } }));

const REFUSAL = /^出于安全原因，不允许访问内网地址 .+（如需访问，请让管理员在 EGRESS_ALLOW 中放行）$/;

describe("POST /api/plugin/test", () => {
  it("routes args to path, query, header and body, and answers outputs in data and at the top of result", async () => {
    const id = await httpPlugin(echoConfig());
    const result = await runTest(id, { id: 42, q: "天气", "X-Token": "secret", name: "小明" });
    expect(pluginTestResultSchema.safeParse(result).error).toBeUndefined();
    const items = [{ temp: 21.5 }, { temp: 19 }];
    expect(result).toMatchObject({
      success: true,
      error: null,
      requestId: "req-1",
      result: {
        HTTP_STATUS_CODE: 200,
        HTTP_HEADERS: expect.objectContaining({ "x-trace": "abc" }),
        data: { path: "/echo/42", items },
        path: "/echo/42",
        items,
      },
    });
    expect(JSON.parse(result.result.HTTP_BODY)).toMatchObject({
      query: { q: "天气" },
      token: "secret",
      received: { name: "小明" },
    });
    expect(result.costTime).toBeGreaterThanOrEqual(0);
    expect(result.logs).toEqual(expect.any(Array));
  });

  it("reports a failing service as a failed run with its status, not as an API error", async () => {
    const id = await httpPlugin({ url: `${base}/fail` });
    const result = await runTest(id);
    expect(result).toMatchObject({ success: false, result: { HTTP_STATUS_CODE: 500 } });
    expect(result.error).toContain("500");
  });

  it("refuses loopback and metadata addresses in any spelling, without reaching them", async () => {
    const hosts = ["127.0.0.1", "127.1", "2130706433", "0x7f000001", "[::ffff:127.0.0.1]", "[::1]", "169.254.169.254"];
    const before = service.requests.length;
    for (const host of hosts) {
      const id = await httpPlugin({ url: `http://${host}:${service.port}/list` });
      const result = await runTest(id);
      expect(result, host).toMatchObject({ success: false, error: expect.stringMatching(REFUSAL) });
      expect(result.result?.HTTP_STATUS_CODE, host).toBeUndefined();
    }
    expect(service.requests.length).toBe(before);
  });

  it("refuses a redirect from the allowed service to a refused address: a failed run, never a success with the 302", async () => {
    for (const path of ["/to-loopback", "/to-metadata"]) {
      const before = service.requests.length;
      const id = await httpPlugin({ url: `${base}${path}` });
      const result = await runTest(id);
      expect(result, path).toMatchObject({ success: false, error: expect.stringMatching(REFUSAL) });
      expect(result.result?.HTTP_STATUS_CODE, path).not.toBe(302);
      // The service saw the first request only; the redirect's target was never fetched.
      expect(service.requests.slice(before).map((r) => r.url)).toEqual([path]);
    }
  });

  it("runs the draft as saved, for any member of the space", async () => {
    const id = await httpPlugin(echoConfig());
    ok(await saveHttp(s, t.member.token, id, { ...echoConfig(), outputArgs: [{ name: "token", dataType: "String" }] }));
    const result = await runTest(id, { id: 42, "X-Token": "t1" }, t.member.token);
    expect(result.result).toMatchObject({ data: { token: "t1" }, token: "t1" });
  });
});

describe("POST /api/plugin/analysis/output", () => {
  it("infers the output tree from a sample run, whatever outputs are declared", async () => {
    const id = await httpPlugin(echoConfig());
    const tree = ok<any[]>(
      await s.call("/api/plugin/analysis/output", {
        token: t.other.token,
        body: { pluginId: id, params: { id: 42, q: "x" } },
      }),
    );
    const byName = Object.fromEntries(tree.map((a) => [a.name, a]));
    expect(Object.keys(byName)).toEqual(["path", "query", "token", "received", "items"]);
    expect(byName.path).toMatchObject({ dataType: "String" });
    expect(byName.query).toMatchObject({ dataType: "Object", subArgs: [{ name: "q", dataType: "String" }] });
    expect(byName.items).toMatchObject({
      dataType: "Array_Object",
      subArgs: [
        {
          name: "[Array_Item]",
          dataType: "Object",
          subArgs: [
            { name: "temp", dataType: "Number" },
            { name: "city", dataType: "String" },
          ],
        },
      ],
    });
  });

  it("names a top-level array ROOT_ARRAY", async () => {
    const id = await httpPlugin({ url: `${base}/list` });
    const tree = ok<any[]>(
      await s.call("/api/plugin/analysis/output", { token: t.member.token, body: { pluginId: id } }),
    );
    expect(tree).toMatchObject([{ name: "ROOT_ARRAY", dataType: "Array_Object" }]);
  });

  it("answers a refused or failing run as a business failure with the run's message", async () => {
    const refusedId = await httpPlugin({ url: "http://169.254.169.254/latest/meta-data/" });
    const res = await s.call("/api/plugin/analysis/output", { token: t.member.token, body: { pluginId: refusedId } });
    expect(res).toMatchObject({ code: "0001", data: null, message: expect.stringMatching(REFUSAL) });
    const failingId = await httpPlugin({ url: `${base}/fail` });
    const failing = await s.call("/api/plugin/analysis/output", {
      token: t.member.token,
      body: { pluginId: failingId },
    });
    expect(failing).toMatchObject({ code: "0001", message: expect.stringContaining("500") });
  });
});
