import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCommonPassword } from "#server/lib/password";
import { isSafeUrl } from "#server/lib/safe-url";
import { addAgent, agentRow, ok, refused, type Team, team } from "../support/agents";
import { codeFrom, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const hashOf = async (id: number) =>
  (await rows<{ password_hash: string | null }>(s, sql`select password_hash from "user" where id = ${id}`))[0]
    ?.password_hash;

/** A user signed up by code: no password yet (resetPass 0), so password/set is open to them. */
async function codeUser(email: string) {
  const code = codeFrom((await s.call("/api/user/code/send", { body: { type: "LOGIN_OR_REGISTER", email } })).message);
  const res = await s.call("/api/user/codeLogin", { body: { phoneOrEmail: email, code } });
  return {
    token: res.data.token as string,
    id: (await s.call("/api/user/getLoginInfo", { token: res.data.token })).data.id as number,
  };
}

describe("new passwords", () => {
  it("recognises common passwords whatever their case, and lets uncommon ones through", () => {
    for (const p of ["password", "PASSWORD1", "Qwerty123", "1qaz2wsx", "iloveyou", "woaini1314"]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(isCommonPassword("Passw0rd!")).toBe(false);
    expect(isCommonPassword("k7#Rv2pLq")).toBe(false);
  });

  it("password/set refuses fewer than 8 characters and common passwords, naming the field", async () => {
    const u = await codeUser("pw.set@example.com");
    for (const password of ["Ab#1234", "password123", "QWERTY123", "12345678"]) {
      refused(await s.call("/api/user/password/set", { token: u.token, body: { password } }), "4000", "password");
    }
    const common = await s.call("/api/user/password/set", { token: u.token, body: { password: "Iloveyou1" } });
    expect(common.message).toContain("常见");
    expect(await hashOf(u.id)).toBeNull();
    ok(await s.call("/api/user/password/set", { token: u.token, body: { password: "Tiger#Lake8" } }));
  });

  it("password/reset refuses them too, and keeps the old password", async () => {
    const u = await s.newUser({ email: "pw.reset@example.com" });
    const before = await hashOf(u.id);
    const code = codeFrom(
      (await s.call("/api/user/code/send", { token: u.token, body: { type: "RESET_PASSWORD" } })).message,
    );
    for (const newPassword of ["Ab#1234", "BaseBall"]) {
      refused(
        await s.call("/api/user/password/reset", { token: u.token, body: { newPassword, code } }),
        "4000",
        "newPassword",
      );
    }
    expect(await hashOf(u.id)).toBe(before);
    ok(await s.call("/api/user/password/reset", { token: u.token, body: { newPassword: "Quiet#River9", code } }));
  });

  it("the admin's add and update of a user refuse them, adding nobody", async () => {
    const admin = t.sysAdmin;
    for (const password of ["Ab#1234", "superman"]) {
      refused(
        await s.call("/api/system/user/add", { token: admin, body: { userName: "pwnewbie", password } }),
        "4000",
        "password",
      );
    }
    expect(await rows(s, sql`select id from "user" where user_name = 'pwnewbie'`)).toHaveLength(0);
    refused(
      await s.call(`/api/system/user/updateById/${t.other.id}`, { token: admin, body: { password: "sunshine" } }),
      "4000",
      "password",
    );
    ok(await s.call("/api/system/user/add", { token: admin, body: { userName: "pwnewbie", password: "Maple#Tree7" } }));
  });
});

const BAD_URLS = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "//evil.example/x.png",
  "/\\evil.example/x.png",
];

describe("icon, avatar and guide-question addresses", () => {
  it("accept http(s) URLs and paths on this site, nothing else", () => {
    for (const ok of [
      "https://cdn.example.com/a.png",
      "http://example.com/x?y=1",
      "/api/file/download/k?exp=1&sig=2",
    ]) {
      expect(isSafeUrl(ok), ok).toBe(true);
    }
    for (const bad of BAD_URLS) expect(isSafeUrl(bad), bad).toBe(false);
  });

  it("an agent's icon and its guide questions' url and icon refuse javascript: and data: with 4000", async () => {
    const agentId = await addAgent(s, t.member.token, t.spaceId);
    refused(
      await s.call("/api/agent/add", {
        token: t.member.token,
        body: { spaceId: t.spaceId, name: "x", icon: BAD_URLS[0] },
      }),
      "4000",
      "icon",
    );
    const update = (body: object) =>
      s.call("/api/agent/config/update", { token: t.member.token, body: { id: agentId, ...body } });
    for (const bad of BAD_URLS) {
      refused(await update({ icon: bad }), "4000", "icon");
      refused(
        await update({ guidQuestionDtos: [{ type: "Link", info: "看看", url: bad }] }),
        "4000",
        "guidQuestionDtos.0.url",
      );
      refused(
        await update({ guidQuestionDtos: [{ type: "Question", info: "看看", icon: bad }] }),
        "4000",
        "guidQuestionDtos.0.icon",
      );
    }
    expect((await agentRow(s, agentId))?.icon).toBe("");
    ok(
      await update({
        icon: "https://cdn.example.com/a.png",
        guidQuestionDtos: [
          { type: "Link", info: "文档", url: "https://docs.example.com/", icon: "/api/file/download/k" },
        ],
      }),
    );
    expect((await agentRow(s, agentId))?.icon).toBe("https://cdn.example.com/a.png");
  });

  it("a space's icon and a user's avatar refuse them too", async () => {
    for (const bad of BAD_URLS.slice(0, 5)) {
      refused(
        await s.call("/api/space/add", { token: t.owner.token, body: { name: "坏图标", icon: bad } }),
        "4000",
        "icon",
      );
      refused(
        await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, icon: bad } }),
        "4000",
        "icon",
      );
      refused(await s.call("/api/user/update", { token: t.other.token, body: { avatar: bad } }), "4000", "avatar");
    }
    ok(await s.call("/api/user/update", { token: t.other.token, body: { avatar: "https://cdn.example.com/me.png" } }));
  });
});
