import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveTenantConfigValues } from "#server/modules/tenant/repo";
import { startFakeSmtp } from "../fixtures/fake-smtp";
import { startServer, type TestServer } from "../support/server";

/** With a mail transport the code goes by mail only, and existing accounts may sign in or reset by code. */
let s: TestServer;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let ipSeq = 0;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  s = await startServer({
    TRUST_PROXY: "1",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: "0",
    SMTP_FROM: "noreply@example.com",
  });
});
afterAll(async () => {
  await s.close();
  await smtp.close();
});

async function mailCode(type: string, email: string) {
  ipSeq += 1;
  const res = await s.call("/api/user/code/send", {
    body: { type, email },
    headers: { "x-forwarded-for": `198.51.100.${ipSeq}` },
  });
  expect(res.code).toBe("0000");
  expect(res.message).toBe("验证码已发送");
  expect(res.message).not.toMatch(/\d{6}/);
  return smtp.codeFor(email);
}

describe("verification codes by mail", () => {
  it("mails the code (never in the reply) and signs an existing user in without creating another", async () => {
    const u = await s.newUser({ email: "mailed@example.com" });
    const code = await mailCode("LOGIN_OR_REGISTER", "mailed@example.com");
    expect(smtp.mails.at(-1)?.text).toContain("验证码");
    const res = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: "mailed@example.com", code } });
    expect(res.code).toBe("0000");
    expect((await s.call("/api/user/getLoginInfo", { token: res.data.token })).data.id).toBe(u.id);
  });

  it("lets existing users sign in by code while registration is closed, and refuses new addresses", async () => {
    await saveTenantConfigValues(s.deps.db, 1, { openRegister: 0 });
    try {
      const closed = await s.call("/api/user/codeLogin", {
        body: { phoneOrEmail: "closed@example.com", code: await mailCode("LOGIN_OR_REGISTER", "closed@example.com") },
      });
      expect(closed.code).toBe("0001");
      expect(closed.message).toContain("注册已关闭");
      await s.newUser({ email: "member@example.com" });
      const ok = await s.call("/api/user/codeLogin", {
        body: { phoneOrEmail: "member@example.com", code: await mailCode("LOGIN_OR_REGISTER", "member@example.com") },
      });
      expect(ok.code).toBe("0000");
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, {});
    }
  });

  it("resets a password signed out with a mailed code and signs every session out", async () => {
    const u = await s.newUser({ email: "reset.mail@example.com" });
    const code = await mailCode("RESET_PASSWORD", "reset.mail@example.com");
    const ok = await s.call("/api/user/password/reset", {
      body: { phoneOrEmail: "reset.mail@example.com", newPassword: "Mail#Pass123", code },
    });
    expect(ok.code).toBe("0000");
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("4010");
    const login = await s.call("/api/user/passwordLogin", {
      body: { phoneOrEmail: "reset.mail@example.com", password: "Mail#Pass123" },
    });
    expect(login.code).toBe("0000");
  });
});
