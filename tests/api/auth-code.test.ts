import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTenantConfigValues } from "#server/modules/tenant/repo";
import { CHINESE, codeFrom, count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let ipSeq = 0;
beforeAll(async () => {
  s = await startServer({ TRUST_PROXY: "1" });
});
afterAll(() => s.close());

/** Each send comes from a fresh address unless told otherwise, so the per-IP limit stays out of the way. */
function send(
  body: Record<string, unknown>,
  opts: { token?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  ipSeq += 1;
  return s.call("/api/user/code/send", {
    body,
    token: opts.token,
    headers: { "x-forwarded-for": opts.ip ?? `192.0.2.${ipSeq % 250}`, ...opts.headers },
  });
}
const age = (target: string, seconds: number) =>
  s.deps.db.execute(
    sql`update verify_code set created = created - make_interval(secs => ${seconds}) where target = ${target}`,
  );
const codeRows = (target: string) =>
  rows<{ code: string; type: string }>(s, sql`select code, type from verify_code where target = ${target}`);
const userByEmail = async (email: string) =>
  (await rows<{ id: number; reset_pass: number }>(s, sql`select id, reset_pass from "user" where email = ${email}`))[0];

describe("code/send", () => {
  it("returns a 6-digit code in the message when no mail transport is configured, and stores it", async () => {
    const res = await send({ type: "LOGIN_OR_REGISTER", email: "Send.One@Example.com" });
    expect(res.code).toBe("0000");
    const code = codeFrom(res.message);
    expect(res.message).toMatch(CHINESE);
    expect(await codeRows("send.one@example.com")).toEqual([{ code, type: "LOGIN_OR_REGISTER" }]);
  });

  it("refuses a resend within 60 s with 4290, and allows it after", async () => {
    await send({ type: "LOGIN_OR_REGISTER", email: "resend@example.com" });
    const again = await send({ type: "LOGIN_OR_REGISTER", email: "resend@example.com" });
    expect(again.code).toBe("4290");
    expect(again.message).toMatch(CHINESE);
    expect(await codeRows("resend@example.com")).toHaveLength(1);
    await age("resend@example.com", 61);
    expect((await send({ type: "LOGIN_OR_REGISTER", email: "resend@example.com" })).code).toBe("0000");
  });

  it("limits sends per target per hour", async () => {
    const target = "often@example.com";
    for (let i = 0; i < 5; i++) {
      expect((await send({ type: "LOGIN_OR_REGISTER", email: target })).code).toBe("0000");
      await age(target, 120);
    }
    const sixth = await send({ type: "LOGIN_OR_REGISTER", email: target });
    expect(sixth.code).toBe("4290");
    expect(sixth.message).toMatch(CHINESE);
  });

  it("limits sends per address per hour, whatever the target", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 20; i++) {
      expect((await send({ type: "LOGIN_OR_REGISTER", email: `ip${i}@example.com` }, { ip })).code).toBe("0000");
    }
    const blocked = await send({ type: "LOGIN_OR_REGISTER", email: "ip-last@example.com" }, { ip });
    expect(blocked.code).toBe("4290");
    expect(await codeRows("ip-last@example.com")).toHaveLength(0);
    expect((await send({ type: "LOGIN_OR_REGISTER", email: "ip-last@example.com" })).code).toBe("0000");
  });

  it("needs a signed-in user for BIND_EMAIL: 4010, or 4011 from a page", async () => {
    expect((await send({ type: "BIND_EMAIL", email: "bind-anon@example.com" })).code).toBe("4010");
    const fromPage = await send(
      { type: "BIND_EMAIL", email: "bind-anon@example.com" },
      { headers: { referer: `${s.url}/profile` } },
    );
    expect(fromPage).toMatchObject({ code: "4011", message: "/login?redirect=%2Fprofile" });
    expect(await codeRows("bind-anon@example.com")).toHaveLength(0);
  });

  it("answers 4000 naming the field for bad input, writing nothing", async () => {
    const before = await count(s, "verify_code");
    const badMail = await send({ type: "LOGIN_OR_REGISTER", email: "not-an-email" });
    expect(badMail.code).toBe("4000");
    expect(badMail.message).toContain("email");
    const badType = await send({ type: "HACK", email: "a@example.com" });
    expect(badType.code).toBe("4000");
    expect(badType.message).toContain("type");
    const badPhone = await send({ type: "LOGIN_OR_REGISTER", phone: "12345" });
    expect(badPhone.message).toContain("phone");
    expect((await send({ type: "LOGIN_OR_REGISTER" })).code).toBe("4000");
    expect(await count(s, "verify_code")).toBe(before);
  });
});

describe("codeLogin", () => {
  async function codeFor(email: string, type = "LOGIN_OR_REGISTER", token?: string) {
    return codeFrom((await send({ type, email }, { token })).message);
  }

  it("auto-registers a new email user with resetPass 0 and a Personal space", async () => {
    const code = await codeFor("newbie@example.com");
    const res = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "newbie@example.com", code } });
    expect(res.code).toBe("0000");
    expect(res.data.resetPass).toBe(0);
    const me = await s.call("/api/user/getLoginInfo", { token: res.data.token });
    expect(me.data).toMatchObject({ email: "newbie@example.com", resetPass: 0, role: "User", status: "Enabled" });
    expect(me.data.userName).toMatch(/^user\d{10}$/);
    const spaces = await s.call("/api/space/list", { token: res.data.token });
    expect(spaces.data).toHaveLength(1);
    expect(spaces.data[0]).toMatchObject({ type: "Personal", currentUserRole: "Owner", creatorId: me.data.id });
    // The code is used up.
    const reuse = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "newbie@example.com", code } });
    expect(reuse.code).toBe("0001");
  });

  it("without a mail server, refuses to hand out a code for an existing account (no takeover)", async () => {
    await s.newUser({ email: "existing@example.com" });
    const before = await count(s, "verify_code");
    const res = await send({ type: "LOGIN_OR_REGISTER", email: "existing@example.com" });
    expect(res.code).toBe("0001");
    expect(res.message).toContain("请使用密码登录");
    expect(res.message).not.toMatch(/\d{6}/);
    expect(await count(s, "verify_code")).toBe(before);
  });

  it("refuses a wrong code with 0001 验证码错误, and five wrong tries burn the code", async () => {
    const code = await codeFor("guess@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const users = await count(s, "user");
    for (let i = 0; i < 5; i++) {
      const res = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "guess@example.com", code: wrong } });
      expect(res).toMatchObject({ code: "0001", message: "验证码错误" });
    }
    const right = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "guess@example.com", code } });
    expect(right.code).toBe("0001");
    expect(right.message).toContain("失效");
    expect(await count(s, "user")).toBe(users);
  });

  it("refuses an expired code", async () => {
    const code = await codeFor("late@example.com");
    await s.deps.db.execute(
      sql`update verify_code set expires_at = now() - interval '1 second' where target = 'late@example.com'`,
    );
    expect((await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "late@example.com", code } })).code).toBe(
      "0001",
    );
    expect(await userByEmail("late@example.com")).toBeUndefined();
  });

  it("refuses to register when openRegister=0", async () => {
    await saveTenantConfigValues(s.deps.db, 1, { openRegister: 0 });
    try {
      const code = await codeFor("closed@example.com");
      const res = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "closed@example.com", code } });
      expect(res.code).toBe("0001");
      expect(res.message).toContain("注册已关闭");
      expect(await userByEmail("closed@example.com")).toBeUndefined();
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, {});
    }
  });

  it("answers 4000 naming the field for bad input", async () => {
    const before = await count(s, "user");
    const badCode = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "x@example.com", code: "12ab56" } });
    expect(badCode.code).toBe("4000");
    expect(badCode.message).toContain("code");
    const noTarget = await s.call("/api/user/codeLogin", { body: { code: "123456" } });
    expect(noTarget.message).toContain("phoneOrEmail");
    const notAddress = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "nobody", code: "123456" } });
    expect(notAddress.code).toBe("4000");
    expect(await count(s, "user")).toBe(before);
  });
});

describe("password/set, password/reset, email/bind", () => {
  async function codeUser(email: string) {
    const code = codeFrom((await send({ type: "LOGIN_OR_REGISTER", email })).message);
    return (await s.call("/api/user/codeLogin", { body: { phoneOrEmail: email, code } })).data.token as string;
  }
  const login = (phoneOrEmail: string, password: string) =>
    s.call("/api/user/passwordLogin", { body: { phoneOrEmail, password } });

  it("password/set works once, while resetPass=0", async () => {
    const token = await codeUser("setpw@example.com");
    const short = await s.call("/api/user/password/set", { token, body: { password: "123" } });
    expect(short.code).toBe("4000");
    expect(short.message).toContain("password");
    expect((await userByEmail("setpw@example.com"))?.reset_pass).toBe(0);
    expect((await s.call("/api/user/password/set", { token, body: { password: "First#Pass1" } })).code).toBe("0000");
    expect((await s.call("/api/user/getLoginInfo", { token })).data.resetPass).toBe(1);
    expect((await login("setpw@example.com", "First#Pass1")).code).toBe("0000");
    const second = await s.call("/api/user/password/set", { token, body: { password: "Second#Pass2" } });
    expect(second.code).toBe("0001");
    expect((await login("setpw@example.com", "Second#Pass2")).code).toBe("0001");
    expect((await s.call("/api/user/password/set", { body: { password: "x" } })).code).toBe("4010");
  });

  it("password/reset signed in: needs a RESET_PASSWORD code, keeps this session, revokes the others", async () => {
    const u = await s.newUser({ email: "reset.in@example.com" });
    const other = await s.login(u.userName, u.password);
    const code = codeFrom((await send({ type: "RESET_PASSWORD" }, { token: u.token })).message);
    const wrong = await s.call("/api/user/password/reset", {
      token: u.token,
      body: { newPassword: "New#Pass123", code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.code).toBe("0001");
    expect((await s.call("/api/user/getLoginInfo", { token: other })).code).toBe("0000");
    const badPw = await s.call("/api/user/password/reset", { token: u.token, body: { newPassword: "1", code } });
    expect(badPw.message).toContain("newPassword");
    const ok = await s.call("/api/user/password/reset", { token: u.token, body: { newPassword: "New#Pass123", code } });
    expect(ok.code).toBe("0000");
    expect((await s.call("/api/user/getLoginInfo", { token: other })).code).toBe("4010");
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("0000");
    expect((await login(u.userName, u.password)).code).toBe("0001");
    expect((await login(u.userName, "New#Pass123")).code).toBe("0000");
  });

  it("password/reset signed out needs a mail server: without one no code is handed out", async () => {
    const u = await s.newUser({ email: "reset.out@example.com" });
    const res = await send({ type: "RESET_PASSWORD", email: "reset.out@example.com" });
    expect(res.code).toBe("0001");
    expect(res.message).not.toMatch(/\d{6}/);
    const noTarget = await s.call("/api/user/password/reset", { body: { newPassword: "Out#Pass123", code: "123456" } });
    expect(noTarget.code).toBe("4000");
    expect(noTarget.message).toContain("phoneOrEmail");
    const guessed = await s.call("/api/user/password/reset", {
      body: { phoneOrEmail: "reset.out@example.com", newPassword: "Out#Pass123", code: "123456" },
    });
    expect(guessed.code).toBe("0001");
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("0000");
  });

  it("email/bind binds an address with a BIND_EMAIL code, and refuses one used by someone else", async () => {
    const u = await s.newUser();
    const taken = await s.newUser({ email: "taken@example.com" });
    const code = codeFrom((await send({ type: "BIND_EMAIL", email: "Mine@Example.com" }, { token: u.token })).message);
    const wrong = await s.call("/api/user/email/bind", {
      token: u.token,
      body: { email: "mine@example.com", code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong).toMatchObject({ code: "0001", message: "验证码错误" });
    const ok = await s.call("/api/user/email/bind", { token: u.token, body: { email: "mine@example.com", code } });
    expect(ok.code).toBe("0000");
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).data.email).toBe("mine@example.com");

    const code2 = codeFrom(
      (await send({ type: "BIND_EMAIL", email: "taken@example.com" }, { token: u.token })).message,
    );
    const refused = await s.call("/api/user/email/bind", {
      token: u.token,
      body: { email: "taken@example.com", code: code2 },
    });
    expect(refused).toMatchObject({ code: "0001", message: "该邮箱已被使用" });
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).data.email).toBe("mine@example.com");
    expect((await s.call("/api/user/getLoginInfo", { token: taken.token })).data.email).toBe("taken@example.com");
  });

  it("email/bind answers 4010 without a token and 4000 naming the field for bad input", async () => {
    expect((await s.call("/api/user/email/bind", { body: { email: "a@example.com", code: "123456" } })).code).toBe(
      "4010",
    );
    const u = await s.newUser();
    const bad = await s.call("/api/user/email/bind", { token: u.token, body: { email: "nope", code: "123456" } });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("email");
    const noCode = await s.call("/api/user/email/bind", { token: u.token, body: { email: "a@example.com" } });
    expect(noCode.message).toContain("code");
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).data.email).toBeNull();
  });
});
