import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe("smoke", () => {
  it("serves health, tenant config, and login", async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    const cfg = await s.call("/api/tenant/config");
    expect(cfg.code).toBe("0000");
    expect(cfg.data.authType).toBe(3);
    const token = await s.adminToken();
    const me = await s.call("/api/user/getLoginInfo", { token });
    expect(me.data.userName).toBe("admin");
    const spaces = await s.call("/api/space/list", { token });
    expect(spaces.data[0].type).toBe("Personal");
  });
});
