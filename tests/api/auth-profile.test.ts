import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithSpace } from "#server/modules/auth/service";
import { insertTenant, saveTenantConfigValues } from "#server/modules/tenant/repo";
import { rawFetch, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const profile = async (id: number) =>
  (
    await rows<{ user_name: string; nick_name: string; avatar: string | null }>(
      s,
      sql`select user_name, nick_name, avatar from "user" where id = ${id}`,
    )
  )[0];

describe("update", () => {
  it("changes nickName, userName and avatar; the new user name signs in", async () => {
    const u = await s.newUser();
    const res = await s.call("/api/user/update", {
      token: u.token,
      body: { nickName: "小王", userName: "wang_xiao", avatar: "/files/a.png" },
    });
    expect(res.code).toBe("0000");
    expect(await profile(u.id)).toEqual({ user_name: "wang_xiao", nick_name: "小王", avatar: "/files/a.png" });
    expect(
      (await s.call("/api/user/passwordLogin", { body: { phoneOrEmail: "wang_xiao", password: u.password } })).code,
    ).toBe("0000");
    // Sending only one field leaves the others alone.
    await s.call("/api/user/update", { token: u.token, body: { nickName: "老王" } });
    expect(await profile(u.id)).toMatchObject({ user_name: "wang_xiao", nick_name: "老王" });
  });

  it("enforces the user name rules with 4000 naming userName, changing nothing", async () => {
    const u = await s.newUser();
    const before = await profile(u.id);
    for (const userName of ["12345678", "user1234567890", "a b", "x", "bad@name"]) {
      const res = await s.call("/api/user/update", { token: u.token, body: { userName, nickName: "changed" } });
      expect(res.code, userName).toBe("4000");
      expect(res.message).toContain("userName");
    }
    const digitsNick = await s.call("/api/user/update", { token: u.token, body: { nickName: "123456" } });
    expect(digitsNick.code).toBe("4000");
    expect(digitsNick.message).toContain("nickName");
    expect((await s.call("/api/user/update", { token: u.token, body: { avatar: 5 } })).message).toContain("avatar");
    expect(await profile(u.id)).toEqual(before);
  });

  it("refuses a user name someone else has with 0001", async () => {
    const a = await s.newUser();
    const b = await s.newUser();
    const res = await s.call("/api/user/update", { token: b.token, body: { userName: a.userName } });
    expect(res).toMatchObject({ code: "0001", message: "用户名已被使用" });
    expect((await profile(b.id))?.user_name).toBe(b.userName);
    // Keeping one's own name is not a conflict.
    expect((await s.call("/api/user/update", { token: b.token, body: { userName: b.userName } })).code).toBe("0000");
  });

  it("answers 4010 without a token, 4011 from a page", async () => {
    expect((await s.call("/api/user/update", { body: { nickName: "x" } })).code).toBe("4010");
    const page = await s.call("/api/user/update", { body: { nickName: "x" }, headers: { referer: `${s.url}/me` } });
    expect(page.code).toBe("4011");
  });
});

describe("getLoginInfo", () => {
  it("returns the user and never a password or its hash", async () => {
    const u = await s.newUser({ email: "info@example.com" });
    const { json, text } = await rawFetch(s, "/api/user/getLoginInfo", {
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(json!.data).toMatchObject({
      id: u.id,
      tenantId: 1,
      userName: u.userName,
      email: "info@example.com",
      resetPass: 1,
      role: "User",
      status: "Enabled",
    });
    expect(typeof json!.data.lastLoginTime).toBe("string");
    expect(Object.keys(json!.data)).not.toContain("passwordHash");
    expect(text).not.toMatch(/argon2|password/i);
  });

  it("answers 4010 without a token and 4011 from a page", async () => {
    expect((await s.call("/api/user/getLoginInfo")).code).toBe("4010");
    expect((await s.call("/api/user/getLoginInfo", { headers: { referer: `${s.url}/` } })).code).toBe("4011");
  });
});

describe("tenant/config", () => {
  it("is public, has a numeric authType and the documented defaults", async () => {
    const res = await s.call("/api/tenant/config");
    expect(res.code).toBe("0000");
    expect(res.data).toMatchObject({
      authType: 3,
      openRegister: 1,
      authExpire: 10080,
      agentPublishAudit: 1,
      pluginPublishAudit: 0,
      workflowPublishAudit: 0,
    });
    expect(typeof res.data.siteName).toBe("string");
  });

  it("never carries secrets, even when they are set", async () => {
    await saveTenantConfigValues(s.deps.db, 1, {
      smtpPassword: "smtp-secret-123",
      smtpUsername: "mailer-login",
      globalSystemPrompt: "hidden-system-prompt",
      siteName: "测试站点",
      authType: 1,
    });
    try {
      const { json, text } = await rawFetch(s, "/api/tenant/config");
      expect(json!.data.siteName).toBe("测试站点");
      expect(json!.data.authType).toBe(1);
      for (const key of ["smtpPassword", "smtpUsername", "smtpHost", "globalSystemPrompt"]) {
        expect(Object.keys(json!.data)).not.toContain(key);
      }
      expect(text).not.toContain("smtp-secret-123");
      expect(text).not.toContain("mailer-login");
      expect(text).not.toContain("hidden-system-prompt");
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, {});
    }
  });

  it("falls back to the default for a stored value that no longer validates", async () => {
    await saveTenantConfigValues(s.deps.db, 1, { authType: "3", siteName: "仍然有效" });
    try {
      const res = await s.call("/api/tenant/config");
      expect(res.data).toMatchObject({ authType: 3, siteName: "仍然有效" });
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, {});
    }
  });
});

describe("search", () => {
  it("finds same-tenant enabled users by name, without secrets", async () => {
    const me = await s.newUser();
    const found = await s.newUser({ userName: "findme_alpha", nickName: "可找到", email: "alpha@example.com" });
    const disabled = await s.newUser({ userName: "findme_disabled" });
    await s.deps.db.execute(sql`update "user" set status = 'Disabled' where id = ${disabled.id}`);
    const other = await insertTenant(s.deps.db, "其他租户", "");
    await createUserWithSpace(s.deps, { tenantId: other.id, uid: "findme_foreign", userName: "findme_foreign" });

    const { json, text } = await rawFetch(s, "/api/user/search", {
      method: "POST",
      headers: { authorization: `Bearer ${me.token}`, "content-type": "application/json" },
      body: JSON.stringify({ kw: "findme" }),
    });
    expect(json!.code).toBe("0000");
    expect(json!.data.map((u: { userName: string }) => u.userName)).toEqual(["findme_alpha"]);
    expect(json!.data[0]).toMatchObject({ id: found.id, tenantId: 1, nickName: "可找到" });
    expect(Object.keys(json!.data[0]).sort()).toEqual([
      "avatar",
      "created",
      "id",
      "nickName",
      "role",
      "tenantId",
      "userName",
    ]);
    expect(text).not.toContain("alpha@example.com");
    expect(text).not.toMatch(/argon2/);
    // By nick name too; LIKE wildcards are matched literally.
    expect((await s.call("/api/user/search", { token: me.token, body: { kw: "可找" } })).data).toHaveLength(1);
    expect((await s.call("/api/user/search", { token: me.token, body: { kw: "%" } })).data).toHaveLength(0);
  });

  it("needs a token, and a keyword (4000 naming kw)", async () => {
    expect((await s.call("/api/user/search", { body: { kw: "a" } })).code).toBe("4010");
    const u = await s.newUser();
    const res = await s.call("/api/user/search", { token: u.token, body: {} });
    expect(res.code).toBe("4000");
    expect(res.message).toContain("kw");
  });
});
