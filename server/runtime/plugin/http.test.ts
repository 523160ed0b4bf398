import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpPluginConfig } from "#contract/plugin";
import { executePlugin } from "./index";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
/** Tests name loopback in the allow list the way the test server's EGRESS_ALLOW does. */
const allowed = { config: { EGRESS_ALLOW: "127.0.0.1" } };
const closed = { config: { EGRESS_ALLOW: "" } };

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "x-trace": "t-1" });
      res.end(JSON.stringify(value));
    };
    if (path === "/echo")
      return json(200, { method: req.method, url: req.url, body, type: req.headers["content-type"] });
    if (path.startsWith("/users/")) return json(200, { id: path.slice(7), profile: { name: "张三", age: "30" } });
    if (path === "/list") return json(200, [{ title: "甲", score: "1.5" }, { title: "乙" }]);
    if (path === "/text") return void res.writeHead(200, { "content-type": "text/plain" }).end("纯文本");
    if (path === "/fail") return json(503, { message: "维护中" });
    if (path === "/big") return void res.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024 + 10, 97));
    if (path === "/slow") return; // never answers
    if (path === "/to-metadata") return void res.writeHead(302, { location: "http://169.254.169.254/latest" }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const run = (config: Partial<HttpPluginConfig>, params: Record<string, unknown> = {}, deps = allowed) =>
  executePlugin(deps, { type: "HTTP", pluginId: 1, config, params, sysVars: {} });
const last = () => seen[seen.length - 1]!;

describe("HTTP plugins", () => {
  it("routes args to path, query, header and a JSON body with nested objects and defaults", async () => {
    const out = await run(
      {
        method: "POST",
        url: `${base}/echo`,
        contentType: "JSON",
        inputArgs: [
          { name: "q", dataType: "String", inputType: "Query" },
          { name: "token", dataType: "String", inputType: "Header", bindValue: "默认令牌" },
          { name: "count", dataType: "Integer", inputType: "Body" },
          {
            name: "user",
            dataType: "Object",
            inputType: "Body",
            subArgs: [
              { name: "name", dataType: "String" },
              { name: "vip", dataType: "Boolean", bindValue: false },
            ],
          },
          {
            name: "tags",
            dataType: "Array_Object",
            inputType: "Body",
            subArgs: [{ name: "[Array_Item]", dataType: "Object", subArgs: [{ name: "n", dataType: "Integer" }] }],
          },
        ],
      },
      { q: "上海 天气", count: "3", user: { name: "李四" }, tags: '[{"n":"1"},{"n":2}]' },
    );
    expect(out).toMatchObject({ success: true, error: null, result: { HTTP_STATUS_CODE: 200 } });
    expect(out.result.HTTP_HEADERS).toMatchObject({ "x-trace": "t-1" });
    expect(new URL(last().url, base).searchParams.get("q")).toBe("上海 天气");
    expect(last().headers.token).toBe(encodeURIComponent("默认令牌"));
    expect(JSON.parse(last().body)).toEqual({
      count: 3,
      user: { name: "李四", vip: false },
      tags: [{ n: 1 }, { n: 2 }],
    });
    expect(last().headers["content-type"]).toBe("application/json");
  });

  it("fills {path} parameters and extracts typed outputs by name and nested path", async () => {
    const out = await run(
      {
        url: `${base}/users/{uid}`,
        inputArgs: [{ name: "uid", dataType: "String", inputType: "Path", require: true }],
        outputArgs: [
          { name: "id", dataType: "Integer" },
          { name: "profile", dataType: "Object", subArgs: [{ name: "age", dataType: "Integer" }] },
          { name: "profile.name", dataType: "String" },
          { name: "HTTP_STATUS_CODE", dataType: "Integer" },
        ],
      },
      { uid: "42" },
    );
    expect(last().url).toBe("/users/42");
    expect(out.result.data).toEqual({ id: 42, profile: { age: 30 }, "profile.name": "张三", HTTP_STATUS_CODE: 200 });
    expect(out.result.id).toBe(42);
  });

  it("wraps a top-level array as ROOT_ARRAY and reads its items through [Array_Item]", async () => {
    const whole = await run({ url: `${base}/list` });
    expect(whole.result.data).toEqual({ ROOT_ARRAY: [{ title: "甲", score: "1.5" }, { title: "乙" }] });
    const typed = await run({
      url: `${base}/list`,
      outputArgs: [
        {
          name: "ROOT_ARRAY",
          dataType: "Array_Object",
          subArgs: [{ name: "[Array_Item]", dataType: "Object", subArgs: [{ name: "score", dataType: "Number" }] }],
        },
      ],
    });
    expect(typed.result.data).toEqual({ ROOT_ARRAY: [{ score: 1.5 }, { score: null }] });
  });

  it("sends form-data, url-encoded and raw text bodies", async () => {
    const inputArgs = [
      { name: "a", dataType: "String", inputType: "Body" },
      { name: "b", dataType: "Integer", inputType: "Body" },
    ];
    await run({ method: "POST", url: `${base}/echo`, contentType: "FORM_DATA", inputArgs }, { a: "甲", b: 2 });
    expect(last().headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toContain('name="a"\r\n\r\n甲');
    await run(
      { method: "PUT", url: `${base}/echo`, contentType: "X_WWW_FORM_URLENCODED", inputArgs },
      { a: "甲", b: 2 },
    );
    expect(last()).toMatchObject({ method: "PUT", body: "a=%E7%94%B2&b=2" });
    await run({ method: "POST", url: `${base}/echo`, contentType: "OTHER", inputArgs: [inputArgs[0]!] }, { a: "原样" });
    expect(last().body).toBe("原样");
  });

  it("returns raw text bodies whole and the body of a failed status with a Chinese error", async () => {
    expect((await run({ url: `${base}/text` })).result).toMatchObject({ data: "纯文本", HTTP_BODY: "纯文本" });
    const failed = await run({ url: `${base}/fail` });
    expect(failed).toMatchObject({
      success: false,
      error: "接口返回错误状态码 503",
      result: { HTTP_STATUS_CODE: 503 },
    });
  });

  it("refuses missing required and mistyped args before sending anything", async () => {
    const before = seen.length;
    const inputArgs = [
      { name: "city", dataType: "String", require: true },
      { name: "n", dataType: "Integer" },
    ];
    expect((await run({ url: `${base}/echo`, inputArgs }, {})).error).toBe("缺少必填参数：city");
    expect((await run({ url: `${base}/echo`, inputArgs }, { city: "京", n: "1.5" })).error).toBe("参数 n 必须是整数");
    expect((await run({ url: "ftp://example.com/x" })).error).toBe("插件地址只能是 http 或 https");
    expect(seen.length).toBe(before);
  });

  it("caps responses at 2 MB and times out at the configured seconds", async () => {
    expect((await run({ url: `${base}/big` })).error).toBe("插件返回的内容超过 2 MB 上限");
    const slow = await run({ url: `${base}/slow`, timeout: 1 });
    expect(slow).toMatchObject({ success: false, error: "插件执行超时（超过 1 秒）" });
  });

  it("refuses loopback and metadata addresses in every spelling, and a redirect to a metadata address", async () => {
    const refused = await run({ url: `${base}/echo` }, {}, closed);
    expect(refused.error).toContain("不允许访问内网地址");
    const port = new URL(base).port;
    const spellings = [
      `http://localhost:${port}/`,
      `http://127.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/latest/meta-data/",
      "http://0.0.0.0/",
    ];
    const before = seen.length;
    for (const url of spellings) {
      const out = await run({ url }, {}, closed);
      expect(out.error, url).toContain("不允许访问内网地址");
    }
    expect(seen.length).toBe(before);
    const redirected = await run({ url: `${base}/to-metadata` });
    expect(redirected).toMatchObject({ success: false, error: expect.stringContaining("169.254.169.254") });
    expect(redirected.result.HTTP_STATUS_CODE).toBeUndefined();
  });
});
