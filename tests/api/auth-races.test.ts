import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFrom, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

/**
 * Limits must hold when requests arrive at once, not only one after another: an attacker does not wait for
 * answers. Every request here is fired in parallel.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ TRUST_PROXY: "1" });
});
afterAll(() => s.close());

function tally(codes: string[]) {
  const t: Record<string, number> = {};
  for (const c of codes) t[c] = (t[c] ?? 0) + 1;
  return t;
}
const sendCode = async (email: string) =>
  codeFrom((await s.call("/api/user/code/send", { body: { type: "LOGIN_OR_REGISTER", email } })).message as string);

describe("parallel attempts", () => {
  it("a burst of wrong passwords from one address gets at most its 10 free guesses and one more", async () => {
    const u = await s.newUser();
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        s.call("/api/user/passwordLogin", {
          body: { phoneOrEmail: u.userName, password: `wrong-${i}` },
          headers: { "x-forwarded-for": "203.0.113.1" },
        }),
      ),
    );
    const t = tally(results.map((r) => r.code));
    expect(t["0001"] ?? 0).toBeLessThanOrEqual(11);
    expect((t["0001"] ?? 0) + (t["4290"] ?? 0)).toBe(15);
    // The account is not locked by it: its owner, elsewhere, still gets in.
    const right = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: u.userName, password: u.password },
      headers: { "x-forwarded-for": "203.0.113.2" },
    });
    expect(right.code).toBe("0000");
  });

  it("successful logins from one address do not use up its failure budget", async () => {
    const u = await s.newUser();
    const ip = { "x-forwarded-for": "203.0.113.200" };
    for (let i = 0; i < 35; i++) {
      const res = await s.call("/api/user/passwordLogin", {
        body: { phoneOrEmail: u.userName, password: u.password },
        headers: ip,
      });
      expect(res.code).toBe("0000");
    }
  });

  it("a burst of wrong codes gets at most 5 guesses at one code", async () => {
    const code = await sendCode("burst@example.com");
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        s.call("/api/user/codeLogin", { body: { phoneOrEmail: "burst@example.com", code: wrong(i) } }),
      ),
    );
    const wrongAnswers = results.filter((r) => r.message === "验证码错误").length;
    expect(results.every((r) => r.code === "0001")).toBe(true);
    expect(wrongAnswers).toBeLessThanOrEqual(5);
    const right = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "burst@example.com", code } });
    expect(right.code).toBe("0001");
  });

  it("one code signs in once, even when sent five times at once, and registers one user", async () => {
    const code = await sendCode("twice@example.com");
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        s.call("/api/user/codeLogin", { body: { phoneOrEmail: "twice@example.com", code } }),
      ),
    );
    expect(tally(results.map((r) => r.code))).toEqual({ "0000": 1, "0001": 4 });
    const users = await rows(s, sql`select id from "user" where email = 'twice@example.com'`);
    expect(users).toHaveLength(1);
  });

  it("two users racing for one user name: one wins, the other gets 0001, never 5000", async () => {
    const a = await s.newUser();
    const b = await s.newUser();
    const results = await Promise.all(
      [a, b].map((u) => s.call("/api/user/update", { token: u.token, body: { userName: "contested_name" } })),
    );
    expect(tally(results.map((r) => r.code))).toEqual({ "0000": 1, "0001": 1 });
    expect(results.find((r) => r.code === "0001")?.message).toBe("用户名已被使用");
  });
});
