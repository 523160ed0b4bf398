import { readdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config";
import { createHttpApp } from "#server/http";
import { findTenantConfigValues, saveTenantConfigValues } from "#server/modules/tenant/repo";
import { openPlatform } from "#server/platform";
import { type ChunkedAnswer, sendChunked } from "../support/chunked-body";
import { ADMIN_PASSWORD, type Envelope, startServer, type TestServer } from "../support/server";
import { seededCopy } from "../support/test-db";

/**
 * Bodies without a Content-Length are counted as they arrive: an oversize body is refused after about its
 * limit has been read, not after all of it. The client below produces its body lazily and notes how much
 * had been taken from it when the answer came; without the limits the server read everything first.
 */
const MiB = 1024 * 1024;

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = (await s.newUser()).token;
});
afterAll(() => s.close());

const envelopeOf = (r: ChunkedAnswer) => JSON.parse(r.text) as Envelope;

const multipartHead = (boundary: string, fileName: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`;

describe("request bodies are bounded as they arrive", () => {
  it("refuses a chunked JSON body past BODY_LIMIT with 4000 before the handler sees it", async () => {
    // Valid JSON for a real endpoint, padded past 1 MB (and below the JSON reader's own 4 MB).
    const body = `{"phoneOrEmail":"nobody","password":"x"}`;
    const r = await sendChunked(`${s.url}/api/user/passwordLogin`, {
      total: 2 * MiB,
      head: body,
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(200);
    expect(envelopeOf(r)).toMatchObject({ code: "4000", success: false });
    expect(envelopeOf(r).message).toContain("请求体过大");
  });

  it("refuses a chunked upload without a session with 4010 before reading it", async () => {
    const boundary = "----bound";
    const r = await sendChunked(`${s.url}/api/file/upload`, {
      total: 64 * MiB,
      head: multipartHead(boundary, "big.txt"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(envelopeOf(r).code).toBe("4010");
    expect(r.sentAtAnswer).toBeLessThan(r.total / 4);
  });

  it("refuses a chunked upload past the size limit with 4000 while it streams, leaving no file behind", async () => {
    const stored = await findTenantConfigValues(s.deps.db, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, maxFileSize: "1MB" });
    try {
      const boundary = "----bound";
      const r = await sendChunked(`${s.url}/api/file/upload`, {
        total: 64 * MiB,
        head: multipartHead(boundary, "big.txt"),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      });
      expect(envelopeOf(r)).toMatchObject({ code: "4000", message: "参数 'file' 文件不能超过 1 MB" });
      expect(r.sentAtAnswer).toBeLessThan(r.total / 4);
      const tmp = path.join(s.deps.config.FILES_DIR, "tmp");
      expect(await readdir(tmp).catch(() => [])).toEqual([]);
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
  });

  it("refuses a multipart upload whose file name is not allowed before reading its content", async () => {
    const boundary = "----bound";
    const r = await sendChunked(`${s.url}/api/file/upload`, {
      total: 64 * MiB,
      head: multipartHead(boundary, "run.exe"),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
    expect(envelopeOf(r).code).toBe("4000");
    expect(r.sentAtAnswer).toBeLessThan(r.total / 4);
  });

  it("keeps serving afterwards: health and a normal upload", async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    const form = new FormData();
    form.append("file", new File(["你好"], "ok.txt"));
    const res = await fetch(`${s.url}/api/file/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(((await res.json()) as Envelope).code).toBe("0000");
  });
});

describe("page requests (React Router) are bounded too", () => {
  let web: { url: string; close: () => Promise<void> };
  let formsRead = 0;
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent", ADMIN_PASSWORD });
    // The run's seeded copy, not a fresh migration: this stand-in needs a database, not a new one.
    const { deps, database } = await openPlatform(config, { snapshot: await seededCopy() });
    // Stands in for React Router's handler, reading a posted form as every action does.
    const { app } = createHttpApp(deps, database, {
      handler: async (request) => {
        if (request.method === "POST") await request.formData();
        formsRead += 1;
        return new Response("页面", { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    web = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await database.close();
      },
    };
  });
  afterAll(() => web.close());

  it("answers 413 to an oversize chunked form post to /login, without the action reading it", async () => {
    const r = await sendChunked(`${web.url}/login`, {
      total: 64 * MiB,
      head: "phoneOrEmail=a&password=",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(413);
    expect(r.text).toContain("请求体过大");
    expect(r.sentAtAnswer).toBeLessThan(r.total / 4);
    expect(formsRead).toBe(0);
  });

  it("still serves small form posts", async () => {
    const before = formsRead;
    const res = await fetch(`${web.url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "phoneOrEmail=a&password=b",
    });
    expect(res.status).toBe(200);
    expect(formsRead).toBe(before + 1);
  });
});
