import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHINESE, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets the test speak from many addresses (the X-Forwarded-For entry the proxy appends).
  s = await startServer({ TRUST_PROXY: "1" });
});
afterAll(() => s.close());

const login = (phoneOrEmail: string, password: string, ip: string) =>
  s.call("/api/user/passwordLogin", { body: { phoneOrEmail, password }, headers: { "x-forwarded-for": ip } });

/** Wrong passwords from many addresses (a few each, under the per-address allowance). */
async function failFromMany(identifiers: string[], times: number, net: string) {
  for (let i = 0; i < times; i++) {
    const res = await login(identifiers[i % identifiers.length]!, `wrong-${i}`, `${net}.${Math.floor(i / 5) + 1}`);
    expect(res.code, res.message).toBe("0001");
  }
}

/** Lets the address's current back-off period end now, instead of waiting for it. */
const endBackoff = (ip: string) =>
  s.deps.db.execute(
    sql`update rate_limit set reset_at = now() - interval '1 second' where key = ${`login-wait:ip:${ip}`}`,
  );

describe("login lockout", () => {
  it("lets the right password in after many failures under the account's name", async () => {
    const u = await s.newUser();
    await failFromMany([u.userName], 12, "198.18.1");
    const res = await login(u.userName, u.password, "198.18.1.200");
    expect(res.code, res.message).toBe("0000");
  });

  it("counts per account: failures under the name and the e-mail share one budget, which then locks both", async () => {
    const u = await s.newUser({ email: "budget@example.com" });
    await failFromMany([u.userName, "Budget@Example.com"], 6, "198.18.2");
    const counters = await rows<{ key: string; count: number }>(
      s,
      sql`select key, count from rate_limit where key like 'login-fail:%' and (key like ${`%:${u.id}`} or key like '%budget%')`,
    );
    expect(counters).toEqual([{ key: `login-fail:user:${u.id}`, count: 6 }]);
    // The rest of the hour's 100 failures, as if made from many more addresses.
    await s.deps.db.execute(sql`update rate_limit set count = 100 where key = ${`login-fail:user:${u.id}`}`);
    for (const id of [u.userName, "budget@example.com"]) {
      const locked = await login(id, u.password, "198.18.2.250");
      expect(locked.code).toBe("4290");
      expect(locked.message).toMatch(CHINESE);
      expect(locked.message).toContain("分钟");
    }
    const [row] = await rows<{ n: number }>(s, sql`select count(*)::int as n from auth_token where user_id = ${u.id}`);
    expect(row!.n).toBe(1); // only the session newUser made
  });

  it("slows an address down after its free failures (4290 with the wait), without locking the account", async () => {
    const u = await s.newUser();
    const ip = "198.18.3.1";
    for (let i = 0; i < 10; i++) expect((await login(`ghost${i}`, "nope", ip)).code).toBe("0001");
    const checked = await login("ghost10", "nope", ip);
    expect(checked.code).toBe("0001");
    expect(checked.message).toMatch(/请 \d+ 秒后再试/);
    // Straight away: not even checked, the right password included.
    const waiting = await login(u.userName, u.password, ip);
    expect(waiting.code).toBe("4290");
    expect(waiting.message).toMatch(/请 \d+ 秒后再试/);
    // The account itself is fine from anywhere else, and from here once the wait is over.
    expect((await login(u.userName, u.password, "198.18.3.2")).code).toBe("0000");
    await endBackoff(ip);
    expect((await login(u.userName, u.password, ip)).code).toBe("0000");
  });

  it("checks only one of a burst of parallel guesses from a waiting address", async () => {
    const ip = "198.18.4.1";
    for (let i = 0; i < 10; i++) await login(`burst${i}`, "nope", ip);
    const codes = (await Promise.all(Array.from({ length: 8 }, (_, i) => login(`burst${i}`, "nope", ip)))).map(
      (r) => r.code,
    );
    expect(codes.filter((c) => c === "0001")).toHaveLength(1);
    expect(codes.filter((c) => c === "4290")).toHaveLength(7);
  });
});

describe("X-Forwarded-For without TRUST_PROXY", () => {
  it("is warned about in the log once, on the first forwarded request", async () => {
    const direct = await startServer();
    try {
      const warn = vi.spyOn(direct.deps.log, "warn");
      await direct.call("/api/tenant/config");
      expect(warn).not.toHaveBeenCalled();
      await direct.call("/api/tenant/config", { headers: { "x-forwarded-for": "203.0.113.9" } });
      await direct.call("/api/tenant/config", { headers: { "x-forwarded-for": "203.0.113.10" } });
      const calls = warn.mock.calls.filter((args) => String(args.at(-1)).includes("TRUST_PROXY"));
      expect(calls).toHaveLength(1);
    } finally {
      await direct.close();
    }
  });

  it("is not warned about when TRUST_PROXY is on", async () => {
    const warn = vi.spyOn(s.deps.log, "warn");
    await s.call("/api/tenant/config", { headers: { "x-forwarded-for": "203.0.113.11" } });
    expect(warn.mock.calls.filter((args) => String(args.at(-1)).includes("TRUST_PROXY"))).toHaveLength(0);
    warn.mockRestore();
  });
});
