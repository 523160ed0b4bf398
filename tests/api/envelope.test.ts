import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#server/api/app";
import type { Database } from "#server/db/client";
import { createHttpApp } from "#server/http";
import { sendChunked } from "../support/chunked-body";
import { count, rawFetch } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let user: Awaited<ReturnType<TestServer["newUser"]>>;
beforeAll(async () => {
  s = await startServer();
  user = await s.newUser();
});
afterAll(() => s.close());

const ENVELOPE_KEYS = ["code", "data", "displayCode", "message", "success", "tid"];

describe("envelope", () => {
  it("wraps a success in {code, displayCode, message, data, tid, success} with HTTP 200", async () => {
    const { res, json } = await rawFetch(s, "/api/tenant/config");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Object.keys(json!).sort()).toEqual(ENVELOPE_KEYS);
    expect(json).toMatchObject({ code: "0000", displayCode: "0000", success: true });
    expect(json!.tid).toMatch(/^\d{4,}$/);
  });

  it("wraps an error the same way, still HTTP 200, success false, and a fresh tid per request", async () => {
    const a = await rawFetch(s, "/api/no/such/thing");
    const b = await rawFetch(s, "/api/no/such/thing");
    expect(a.res.status).toBe(200);
    expect(Object.keys(a.json!).sort()).toEqual(ENVELOPE_KEYS);
    expect(a.json).toMatchObject({ code: "4040", displayCode: "4040", success: false, data: null });
    expect(a.json!.tid).not.toBe(b.json!.tid);
  });

  it("answers 4040 for unknown /api paths, whatever the method", async () => {
    expect((await s.call("/api/nope")).code).toBe("4040");
    expect((await s.call("/api/user/nope", { body: {} })).code).toBe("4040");
    expect((await s.call("/api")).code).toBe("4040");
    expect((await s.call("/api/space/get/1/extra", { token: user.token })).code).toBe("4040");
  });

  it("answers 4050 for a real route called with the wrong method", async () => {
    expect((await s.call("/api/user/passwordLogin", { method: "GET" })).code).toBe("4050");
    expect((await s.call("/api/space/list", { method: "POST", body: {}, token: user.token })).code).toBe("4050");
    expect((await s.call("/api/space/get/1", { method: "DELETE", token: user.token })).code).toBe("4050");
    expect((await s.call("/api/user/logout", { method: "PUT", token: user.token })).code).toBe("4050");
  });

  it("answers 4000 for a body that is not JSON, and writes nothing", async () => {
    const before = await count(s, "space");
    const bad = await s.call("/api/space/add", { raw: "{name: 'x'", token: user.token });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("JSON");
    expect((await s.call("/api/user/passwordLogin", { raw: "not json" })).code).toBe("4000");
    expect(await count(s, "space")).toBe(before);
  });

  it("answers 4000 with every refused field's path in data.fieldErrors, so forms need not parse the message", async () => {
    const res = await s.call("/api/space/add", { body: { name: "", description: 5 }, token: user.token });
    expect(res.code).toBe("4000");
    expect(Object.keys(res.data.fieldErrors).sort()).toEqual(["description", "name"]);
    expect(res.data.fieldErrors.name[0]).toBeTruthy();
    expect(res.message).toMatch(/^参数 '(name|description)' /);
    const nested = await s.call("/api/agent/component/model/update", {
      body: { id: "x", bindConfig: {} },
      token: user.token,
    });
    expect(nested.data.fieldErrors).toHaveProperty("id");
  });

  it("answers 4000 naming the field for a string PostgreSQL cannot store (NUL), and writes nothing", async () => {
    const before = await count(s, "space");
    const res = await s.call("/api/space/add", { body: { name: "a\u0000b" }, token: user.token });
    expect(res.code).toBe("4000");
    expect(res.message).toContain("name");
    const nick = await s.call("/api/user/update", { body: { nickName: "x\u0000" }, token: user.token });
    expect(nick).toMatchObject({ code: "4000" });
    expect(nick.message).toContain("nickName");
    expect((await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: "\u0000", password: "x" } })).code).toBe(
      "4000",
    );
    expect(await count(s, "space")).toBe(before);
  });

  it("answers 4000, not 5000, for deeply nested JSON", async () => {
    // Deep enough to overflow a recursive walk of the parsed value.
    const depth = 200_000;
    const deep = `${"[".repeat(depth)}"x"${"]".repeat(depth)}`;
    expect((await s.call("/api/space/user/add", { raw: deep, token: user.token })).code).toBe("4000");
    const nested = `{"name":${"[".repeat(depth)}"a\\u0000"${"]".repeat(depth)}}`;
    const nul = await s.call("/api/space/add", { raw: nested, token: user.token });
    expect(nul.message).toContain("name");
    expect(nul.message.length).toBeLessThan(200);
  });

  it("refuses an oversized JSON body with 4000 instead of buffering it", async () => {
    // On a connection of its own: the server answers before the body is sent and may close that connection, so
    // a pooled client could pick it for the next test's request.
    const r = await sendChunked(`${s.url}/api/space/add`, {
      total: 5 * 1024 * 1024,
      head: '{"name":"',
      declareLength: true,
      headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
    });
    const res = JSON.parse(r.text) as { code: string; message: string };
    expect(res.code).toBe("4000");
    expect(res.message).toContain("请求体过大");
    expect(r.sentAtAnswer).toBeLessThan(r.total);
  });
});

describe("not signed in", () => {
  it("answers 4010 without a token and 4011 with the login URL when the request has a Referer", async () => {
    const bare = await s.call("/api/space/list");
    expect(bare).toMatchObject({ code: "4010", success: false, message: "未登录或登录超时" });
    const fromPage = await s.call("/api/space/list", {
      headers: { referer: `${s.url}/space/12/team?tab=members&x=1` },
    });
    expect(fromPage.code).toBe("4011");
    expect(fromPage.message).toBe(`/login?redirect=${encodeURIComponent("/space/12/team?tab=members&x=1")}`);
  });

  it("checks the token before the body, so a bad body without a token is still 4010", async () => {
    expect((await s.call("/api/space/add", { raw: "garbage" })).code).toBe("4010");
  });

  it("treats an unknown or expired token like no token", async () => {
    expect((await s.call("/api/user/getLoginInfo", { token: "x".repeat(43) })).code).toBe("4010");
    const fresh = await s.newUser();
    await s.deps.db.execute(
      sql`update auth_token set expires_at = now() - interval '1 minute' where user_id = ${fresh.id}`,
    );
    expect((await s.call("/api/user/getLoginInfo", { token: fresh.token })).code).toBe("4010");
  });
});

describe("unexpected errors", () => {
  it("answer 5000 with a tid only — no stack, no SQL — when the database fails under a route", async () => {
    await s.deps.db.execute(sql`alter table space rename to space_moved_away`);
    try {
      const { res, json, text } = await rawFetch(s, "/api/space/list", {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.status).toBe(200);
      expect(json).toMatchObject({ code: "5000", success: false, data: null });
      expect(json!.tid).toMatch(/^\d+$/);
      expect(text).not.toMatch(/space|select|relation|at |\.ts/i);
    } finally {
      await s.deps.db.execute(sql`alter table space_moved_away rename to space`);
    }
    expect((await s.call("/api/space/list", { token: user.token })).code).toBe("0000");
  });

  it("log the error with the same tid the client got", async () => {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    const api = createApi({ ...s.deps, log });
    api.get("/api/boom", () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await api.request("/api/boom");
    const body = (await res.json()) as { code: string; tid: string; message: string; data: unknown };
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ code: "5000", data: null });
    expect(JSON.stringify(body)).not.toContain("secret_table");
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "unhandled error");
    expect(logged?.tid).toBe(body.tid);
    expect(JSON.stringify(logged?.err)).toContain("secret_table");
  });
});

describe("health", () => {
  it("/healthz answers 200 while the process is up", async () => {
    const { res, json } = await rawFetch(s, "/healthz");
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: "ok" });
  });

  it("/readyz answers 200 when the database answers", async () => {
    const { res, json } = await rawFetch(s, "/readyz");
    expect(res.status).toBe(200);
    expect(json).toMatchObject({ status: "ok" });
    expect(["pglite", "postgres"]).toContain((json as unknown as { database: string }).database);
  });

  it("/readyz answers 503 when the database does not", async () => {
    const down = { kind: "pglite", ping: async () => false } as unknown as Database;
    const { app } = createHttpApp(s.deps, down);
    const res = await app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable" });
  });
});

describe("origin check on cookie-authenticated writes", () => {
  const post = (headers: Record<string, string>, name: string) =>
    rawFetch(s, "/api/space/add", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ name }),
    });
  const spacesNamed = async (name: string) => count(s, "space", sql`name = ${name}`);

  it("refuses a cookie-authenticated POST from a foreign Origin with 4030, writing nothing", async () => {
    const { json } = await post({ cookie: `ticket=${user.token}`, origin: "https://evil.example" }, "csrf-foreign");
    expect(json).toMatchObject({ code: "4030", success: false });
    expect(await spacesNamed("csrf-foreign")).toBe(0);
    const nullOrigin = await post({ cookie: `ticket=${user.token}`, origin: "null" }, "csrf-null");
    expect(nullOrigin.json!.code).toBe("4030");
    expect(await spacesNamed("csrf-null")).toBe(0);
  });

  it("accepts the same POST from our own origin, or with no Origin (non-browser clients)", async () => {
    expect((await post({ cookie: `ticket=${user.token}`, origin: s.url }, "csrf-same")).json!.code).toBe("0000");
    expect((await post({ cookie: `ticket=${user.token}` }, "csrf-none")).json!.code).toBe("0000");
    expect(await spacesNamed("csrf-same")).toBe(1);
  });

  it("does not apply to Bearer tokens (no ambient credential) nor to reads", async () => {
    const bearer = await post({ authorization: `Bearer ${user.token}`, origin: "https://evil.example" }, "csrf-b");
    expect(bearer.json!.code).toBe("0000");
    const read = await rawFetch(s, "/api/space/list", {
      headers: { cookie: `ticket=${user.token}`, origin: "https://evil.example" },
    });
    expect(read.json!.code).toBe("0000");
  });
});
