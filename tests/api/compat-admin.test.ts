import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../support/agents";
import { ADMIN_PASSWORD, startServer, type TestServer } from "../support/server";

/** The original client signs in by e-mail (authType 3), so the seeded admin has an address (ADMIN_EMAIL). */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

describe("the seeded admin's e-mail", () => {
  it("is admin@localhost by default and signs in with the password", async () => {
    const token = await s.login("admin@localhost", ADMIN_PASSWORD);
    const me = ok(await s.call("/api/user/getLoginInfo", { token }));
    expect(me).toMatchObject({ userName: "admin", email: "admin@localhost", role: "Admin" });
  });
});
