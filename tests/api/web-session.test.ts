import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/client";
import { createHttpApp } from "#server/http";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

type Call = (path: string, method?: "GET" | "POST") => Promise<string>;

/** A page (with a web handler standing in for React Router) whose loader or action makes in-process API calls. */
function page(run: (call: Call) => Promise<string[]>) {
  return async (method: "GET" | "POST", token: string) => {
    const database = { kind: "pglite", ping: async () => true } as unknown as Database;
    const { app } = createHttpApp(s.deps, database, {
      handler: async (request, apiFetch) => {
        const cookie = request.headers.get("cookie") ?? "";
        const call: Call = async (path, method = "GET") => {
          const res = await apiFetch(new Request(new URL(path, request.url), { method, headers: { cookie } }));
          return ((await res.json()) as { code: string }).code;
        };
        return Response.json(await run(call));
      },
    });
    const res = await app.request("/page", { method, headers: { cookie: `ticket=${token}` } });
    return (await res.json()) as string[];
  };
}

const signsOutBetweenReads = page(async (call) => [
  await call("/api/user/getLoginInfo"),
  await call("/api/user/logout", "POST"),
  await call("/api/user/getLoginInfo"),
]);

describe("in-process calls of one page request share the session check only while it stays valid", () => {
  it("a page GET's reads after a sign-out within it are refused", async () => {
    const { token } = await s.newUser();
    expect(await signsOutBetweenReads("GET", token)).toEqual(["0000", "0000", "4010"]);
  });

  it("a page POST's calls after a sign-out within it are refused", async () => {
    const { token } = await s.newUser();
    expect(await signsOutBetweenReads("POST", token)).toEqual(["0000", "0000", "4010"]);
  });

  it("a page GET checks the session once: its later reads keep the check it began with", async () => {
    const { token } = await s.newUser();
    const signedOutElsewhere = page(async (call) => [
      await call("/api/user/getLoginInfo"),
      ((await s.call("/api/user/logout", { method: "POST", token })) as { code: string }).code,
      await call("/api/user/getLoginInfo"),
    ]);
    expect(await signedOutElsewhere("GET", token)).toEqual(["0000", "0000", "0000"]);
  });

  it("a session signed out elsewhere is refused on the next page request", async () => {
    const { token } = await s.newUser();
    const reads = page(async (call) => [await call("/api/user/getLoginInfo"), await call("/api/user/getLoginInfo")]);
    expect(await reads("GET", token)).toEqual(["0000", "0000"]);
    expect(await s.call("/api/user/logout", { method: "POST", token })).toMatchObject({ code: "0000" });
    expect(await reads("GET", token)).toEqual(["4010", "4010"]);
  });
});
