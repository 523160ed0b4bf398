import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe("security headers on API answers", () => {
  it.each(["/api/tenant/config", "/api/no/such/endpoint", "/healthz"])(
    "%s cannot be framed or sniffed",
    async (path) => {
      const res = await fetch(s.url + path);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    },
  );

  it("opens /api answers only as inert data: no scripts, no loads, sandboxed", async () => {
    const csp = (await fetch(`${s.url}/api/tenant/config`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/(^|; )sandbox(;|$)/);
  });
});
