import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const NEW_PASSWORD = "Brand-New#Secret9";
const change = (token: string | null, body: unknown, headers?: Record<string, string>) =>
  s.call("/api/user/password/change", { token, body, headers });
const hashOf = async (id: number) =>
  (await rows<{ password_hash: string }>(s, sql`select password_hash from "user" where id = ${id}`))[0]?.password_hash;
const signsIn = async (userName: string, password: string) =>
  (await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: userName, password } })).code === "0000";

describe("POST /api/user/password/change", () => {
  it("changes the password with the current one; other sessions end, this one stays", async () => {
    const u = await s.newUser();
    const otherSession = await s.login(u.userName, u.password);
    const res = await change(u.token, { oldPassword: u.password, newPassword: NEW_PASSWORD });
    expect(res).toMatchObject({ code: "0000", message: "密码已修改，其他设备上的登录已退出" });
    expect(await signsIn(u.userName, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(u.userName, u.password)).toBe(false);
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("0000");
    expect((await s.call("/api/user/getLoginInfo", { token: otherSession })).code).toBe("4010");
  });

  it("refuses a wrong current password with a clear message, changing nothing", async () => {
    const u = await s.newUser();
    const before = await hashOf(u.id);
    const res = await change(u.token, { oldPassword: "not-my-password", newPassword: NEW_PASSWORD });
    expect(res).toMatchObject({ code: "0001", message: "当前密码不正确" });
    expect(await hashOf(u.id)).toBe(before);
    expect(await signsIn(u.userName, u.password)).toBe(true);
  });

  it("refuses weak, common, reused and missing passwords with 4000 naming the field", async () => {
    const u = await s.newUser();
    const before = await hashOf(u.id);
    const cases: [unknown, string, string][] = [
      [{ oldPassword: u.password, newPassword: "short" }, "newPassword", "至少 8 位"],
      [{ oldPassword: u.password, newPassword: "password123" }, "newPassword", "过于常见"],
      [{ oldPassword: u.password, newPassword: u.password }, "newPassword", "不能与当前密码相同"],
      [{ newPassword: NEW_PASSWORD }, "oldPassword", ""],
      [{ oldPassword: u.password, newPassword: 12345678 }, "newPassword", ""],
    ];
    for (const [body, field, words] of cases) {
      const res = await change(u.token, body);
      expect(res.code, JSON.stringify(body)).toBe("4000");
      expect(res.message).toContain(field);
      expect(res.message).toContain(words);
    }
    expect(await hashOf(u.id)).toBe(before);
  });

  it("answers 4010 without a token and 4011 from a page", async () => {
    expect((await change(null, { oldPassword: "x", newPassword: NEW_PASSWORD })).code).toBe("4010");
    const page = await change(null, { oldPassword: "x", newPassword: NEW_PASSWORD }, { referer: `${s.url}/account` });
    expect(page.code).toBe("4011");
  });

  it("changes only the caller's own password: another user's stays", async () => {
    const a = await s.newUser();
    const b = await s.newUser();
    const bBefore = await hashOf(b.id);
    // A knows B's password, yet A's session can only ever change A's own.
    expect((await change(a.token, { oldPassword: b.password, newPassword: NEW_PASSWORD })).code).toBe("0000");
    expect(await hashOf(b.id)).toBe(bBefore);
    expect(await signsIn(b.userName, b.password)).toBe(true);
  });

  it("locks out guessing after five wrong current passwords, even the right one", async () => {
    const u = await s.newUser();
    for (let i = 0; i < 5; i++) {
      expect((await change(u.token, { oldPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).code).toBe("0001");
    }
    const locked = await change(u.token, { oldPassword: u.password, newPassword: NEW_PASSWORD });
    expect(locked.code).toBe("4290");
    expect(locked.message).toMatch(/当前密码输错次数过多，请 \d+ 分钟后再试/);
    expect(await signsIn(u.userName, u.password)).toBe(true);
  });
});

describe("forgot password without a mail server", () => {
  it("tells a signed-out user to ask an admin and stores no code, whether or not the account exists", async () => {
    const u = await s.newUser({ email: "forgot@example.com" });
    for (const email of ["forgot@example.com", "nobody@example.com"]) {
      const res = await s.call("/api/user/code/send", { body: { type: "RESET_PASSWORD", email } });
      expect(res).toMatchObject({ code: "0001", message: "系统未配置邮件服务，无法通过验证码重置密码，请联系管理员" });
    }
    const codes = await rows(s, sql`select id from verify_code where target = 'forgot@example.com'`);
    expect(codes).toEqual([]);
    const reset = await s.call("/api/user/password/reset", {
      body: { phoneOrEmail: "forgot@example.com", code: "123456", newPassword: NEW_PASSWORD },
    });
    expect(reset.code).toBe("0001");
    expect(await signsIn(u.userName, u.password)).toBe(true);
  });
});
