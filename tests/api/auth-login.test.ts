import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "#server/lib/crypto";
import { createUserWithSpace } from "#server/modules/auth/service";
import { CHINESE, count, rawFetch, rows, ticketCookie } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets each test speak from its own X-Forwarded-For address, so per-IP limits do not collide.
  s = await startServer({ TRUST_PROXY: "1" });
});
afterAll(() => s.close());

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");
const fromIp = (ip: string) => ({ "x-forwarded-for": ip });
const tokenRows = (userId: number) =>
  rows<{ token_hash: string; expires_at: string | Date }>(
    s,
    sql`select token_hash, expires_at from auth_token where user_id = ${userId}`,
  );
const lastLogin = async (userId: number) =>
  (await rows<{ t: unknown }>(s, sql`select last_login_time as t from "user" where id = ${userId}`))[0]?.t;

describe("passwordLogin", () => {
  it("signs in by user name and returns {token, expireDate, resetPass, redirect}", async () => {
    const u = await s.newUser();
    const res = await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: u.userName, password: u.password } });
    expect(res.code).toBe("0000");
    expect(Object.keys(res.data).sort()).toEqual(["expireDate", "redirect", "resetPass", "token"]);
    expect(res.data.resetPass).toBe(1);
    expect(res.data.redirect).toBeNull();
    const expiresIn = new Date(res.data.expireDate).getTime() - Date.now();
    expect(Math.abs(expiresIn - 10080 * 60_000)).toBeLessThan(60_000);
    const me = await s.call("/api/user/getLoginInfo", { token: res.data.token });
    expect(me.data).toMatchObject({ id: u.id, userName: u.userName });
  });

  it("signs in by email (any case), by phone, and via the older `phone` field", async () => {
    const u = await s.newUser({ email: "login.by.mail@example.com" });
    const byMail = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: "Login.By.Mail@Example.com", password: u.password },
    });
    expect(byMail.code).toBe("0000");
    const phoneUser = await createUserWithSpace(s.deps, {
      tenantId: 1,
      uid: "phoneuser",
      userName: "phoneuser",
      phone: "13800138000",
      resetPass: 1,
      passwordHash: await hashPassword("Phone#Pass1"),
    });
    const byPhone = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: "13800138000", password: "Phone#Pass1", areaCode: "86" },
    });
    expect(byPhone.code).toBe("0000");
    const me = await s.call("/api/user/getLoginInfo", { token: byPhone.data.token });
    expect(me.data.id).toBe(phoneUser.id);
    const legacy = await s.call("/api/user/passwordLogin", { body: { phone: "phoneuser", password: "Phone#Pass1" } });
    expect(legacy.code).toBe("0000");
  });

  it("echoes a safe redirect from the login page's Referer", async () => {
    const u = await s.newUser();
    const body = { phoneOrEmail: u.userName, password: u.password };
    const back = await s.call("/api/user/passwordLogin", {
      body,
      headers: { referer: `${s.url}/login?redirect=${encodeURIComponent("/space/7/team")}` },
    });
    expect(back.data.redirect).toBe("/space/7/team");
    const offsite = await s.call("/api/user/passwordLogin", {
      body,
      headers: { referer: `${s.url}/login?redirect=${encodeURIComponent("//evil.example/x")}` },
    });
    expect(offsite.data.redirect).toBeNull();
    for (const bad of ["/\\evil.example", "https://evil.example", "/a\nb"]) {
      const res = await s.call("/api/user/passwordLogin", {
        body,
        headers: { referer: `${s.url}/login?redirect=${encodeURIComponent(bad)}` },
      });
      expect(res.data.redirect, bad).toBeNull();
    }
  });

  it("refuses a wrong password or unknown account with 0001, and changes nothing", async () => {
    const u = await s.newUser();
    const tokensBefore = (await tokenRows(u.id)).length;
    const loginBefore = await lastLogin(u.id);
    const { json, res } = await rawFetch(s, "/api/user/passwordLogin", {
      method: "POST",
      headers: { "content-type": "application/json", ...fromIp("198.51.100.1") },
      body: JSON.stringify({ phoneOrEmail: u.userName, password: "wrong-password" }),
    });
    expect(json).toMatchObject({ code: "0001", message: "用户不存在或密码错误", data: null });
    expect(ticketCookie(res)).toBeUndefined();
    const unknown = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: "nobody-here", password: "whatever" },
      headers: fromIp("198.51.100.1"),
    });
    expect(unknown).toMatchObject({ code: "0001", message: "用户不存在或密码错误" });
    expect((await tokenRows(u.id)).length).toBe(tokensBefore);
    expect(await lastLogin(u.id)).toEqual(loginBefore);
  });

  it("answers 4000 naming the field for bad input, and issues no token", async () => {
    const before = await count(s, "auth_token");
    const noPassword = await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: "admin" } });
    expect(noPassword.code).toBe("4000");
    expect(noPassword.message).toContain("password");
    const noName = await s.call("/api/user/passwordLogin", { body: { password: "x" } });
    expect(noName.code).toBe("4000");
    expect(noName.message).toContain("phoneOrEmail");
    expect((await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: 12, password: "x" } })).code).toBe("4000");
    expect(await count(s, "auth_token")).toBe(before);
  });

  it("refuses a disabled account, and a disabled account's sessions stop working", async () => {
    const u = await s.newUser();
    await s.deps.db.execute(sql`update "user" set status = 'Disabled' where id = ${u.id}`);
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("4010");
    expect((await tokenRows(u.id)).length).toBe(0);
    const again = await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: u.userName, password: u.password } });
    expect(again.code).toBe("4030");
    expect((await tokenRows(u.id)).length).toBe(0);
  });
});

describe("tokens and the ticket cookie", () => {
  it("sets an httpOnly SameSite=Lax `ticket` cookie that authenticates on its own", async () => {
    const u = await s.newUser();
    const { res, json } = await rawFetch(s, "/api/user/passwordLogin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phoneOrEmail: u.userName, password: u.password }),
    });
    const cookie = ticketCookie(res);
    expect(cookie?.value).toBe(json!.data.token);
    expect(cookie?.header).toMatch(/HttpOnly/i);
    expect(cookie?.header).toMatch(/SameSite=Lax/i);
    expect(cookie?.header).toMatch(/Path=\//);
    const me = await rawFetch(s, "/api/user/getLoginInfo", { headers: { cookie: `ticket=${cookie?.value}` } });
    expect(me.json).toMatchObject({ code: "0000", data: { id: u.id } });
  });

  it("issues tokens of at least 256 random bits and stores only their sha256", async () => {
    const u = await s.newUser();
    const second = await s.login(u.userName, u.password);
    for (const token of [u.token, second]) expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);
    expect(second).not.toBe(u.token);
    const stored = (await tokenRows(u.id)).map((r) => r.token_hash).sort();
    expect(stored).toEqual([sha256(u.token), sha256(second)].sort());
    const leaked = await rows(s, sql`select 1 from auth_token where token_hash in (${u.token}, ${second})`);
    expect(leaked).toHaveLength(0);
  });

  it("slides the expiry forward on use", async () => {
    const u = await s.newUser();
    await s.deps.db.execute(
      sql`update auth_token set expires_at = now() + interval '5 minutes' where token_hash = ${sha256(u.token)}`,
    );
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("0000");
    const [row] = await tokenRows(u.id);
    const left = new Date(row!.expires_at).getTime() - Date.now();
    expect(left).toBeGreaterThan(10080 * 60_000 - 2 * 60_000);
  });

  it("uses the tenant's authExpire for new tokens", async () => {
    const { saveTenantConfigValues } = await import("#server/modules/tenant/repo");
    await saveTenantConfigValues(s.deps.db, 1, { authExpire: 60 });
    try {
      const u = await s.newUser();
      const [row] = await tokenRows(u.id);
      const left = new Date(row!.expires_at).getTime() - Date.now();
      expect(Math.abs(left - 60 * 60_000)).toBeLessThan(60_000);
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, {});
    }
  });
});

describe("logout", () => {
  it("revokes the token, clears the cookie, and leaves other sessions alone", async () => {
    const u = await s.newUser();
    const other = await s.login(u.userName, u.password);
    const { res, json } = await rawFetch(s, "/api/user/logout", {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(json!.code).toBe("0000");
    expect(ticketCookie(res)?.value).toBe("");
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("4010");
    expect(await rows(s, sql`select 1 from auth_token where token_hash = ${sha256(u.token)}`)).toHaveLength(0);
    expect((await s.call("/api/user/getLoginInfo", { token: other })).code).toBe("0000");
  });

  it("answers 4010 without a token and 4011 from a page", async () => {
    expect((await s.call("/api/user/logout", { method: "POST" })).code).toBe("4010");
    const fromPage = await s.call("/api/user/logout", { method: "POST", headers: { referer: `${s.url}/space` } });
    expect(fromPage).toMatchObject({ code: "4011", message: "/login?redirect=%2Fspace" });
  });
});

describe("login rate limits", () => {
  it("still accepts the right password after failures on the account, other accounts unaffected", async () => {
    const u = await s.newUser();
    const bystander = await s.newUser();
    const ip = fromIp("198.51.100.20");
    for (let i = 0; i < 5; i++) {
      const res = await s.call("/api/user/passwordLogin", {
        body: { phoneOrEmail: u.userName, password: `wrong-${i}` },
        headers: ip,
      });
      expect(res.code).toBe("0001");
    }
    const tokensBefore = (await tokenRows(u.id)).length;
    const right = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: u.userName, password: u.password },
      headers: fromIp("198.51.100.21"),
    });
    expect(right.code).toBe("0000");
    expect((await tokenRows(u.id)).length).toBe(tokensBefore + 1);
    const other = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: bystander.userName, password: bystander.password },
      headers: ip,
    });
    expect(other.code).toBe("0000");
  });

  it("makes an address wait (4290) after many failures across accounts; other addresses unaffected", async () => {
    const u = await s.newUser();
    const ip = fromIp("198.51.100.30");
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await s.call("/api/user/passwordLogin", {
        body: { phoneOrEmail: `ghost${i}`, password: "nope" },
        headers: ip,
      });
      codes.push(res.code);
    }
    // Ten free failures, one more checked attempt, then a wait before the next.
    expect(codes).toEqual([...Array(11).fill("0001"), "4290"]);
    const blocked = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: u.userName, password: u.password },
      headers: ip,
    });
    expect(blocked.code).toBe("4290");
    expect(blocked.message).toMatch(CHINESE);
    const elsewhere = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: u.userName, password: u.password },
      headers: fromIp("198.51.100.31"),
    });
    expect(elsewhere.code).toBe("0000");
  });

  it("keys the address on what the proxy saw, not on X-Forwarded-For entries the client made up", async () => {
    const u = await s.newUser();
    for (let i = 0; i < 30; i++) {
      await s.call("/api/user/passwordLogin", {
        body: { phoneOrEmail: `phantom${i}`, password: "nope" },
        headers: fromIp(`10.9.${i}.1, 198.51.100.40`),
      });
    }
    const blocked = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: u.userName, password: u.password },
      headers: fromIp("1.2.3.4, 198.51.100.40"),
    });
    expect(blocked.code).toBe("4290");
  });
});
