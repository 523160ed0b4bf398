import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawFetch, ticketCookie } from "../support/helpers";
import { ADMIN_PASSWORD, startServer, type TestServer } from "../support/server";

let proxied: TestServer;
let direct: TestServer;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([startServer({ TRUST_PROXY: "1" }), startServer()]);
});
afterAll(() => Promise.all([proxied.close(), direct.close()]));

async function sessionCookie(s: TestServer, headers: Record<string, string> = {}) {
  const { res, json } = await rawFetch(s, "/api/user/passwordLogin", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ phoneOrEmail: "admin", password: ADMIN_PASSWORD }),
  });
  expect(json?.code).toBe("0000");
  return ticketCookie(res)!.header;
}

describe("the session cookie", () => {
  it("is Secure when a trusted proxy says the browser used https", async () => {
    expect(await sessionCookie(proxied, { "x-forwarded-proto": "https" })).toMatch(/; Secure/i);
  });

  it("is not Secure over plain http, nor when an untrusted client claims https", async () => {
    expect(await sessionCookie(proxied)).not.toMatch(/Secure/i);
    expect(await sessionCookie(direct, { "x-forwarded-proto": "https" })).not.toMatch(/Secure/i);
  });

  it("is HttpOnly and SameSite=Lax in every case", async () => {
    expect(await sessionCookie(direct)).toMatch(/HttpOnly/i);
    expect(await sessionCookie(direct)).toMatch(/SameSite=Lax/i);
  });
});
