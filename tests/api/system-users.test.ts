import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused } from "../support/agents";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let admin: string;
let adminId: number;
beforeAll(async () => {
  s = await startServer();
  admin = await s.adminToken();
  adminId = ok(await s.call("/api/user/getLoginInfo", { token: admin })).id;
});
afterAll(() => s.close());

const add = (body: Record<string, unknown>) => s.call<number>("/api/system/user/add", { token: admin, body });
const update = (id: number | string, body: Record<string, unknown>, token = admin) =>
  s.call(`/api/system/user/updateById/${id}`, { token, body: { id, ...body } });
const list = (queryFilter: Record<string, unknown>, page: Record<string, unknown> = {}) =>
  s.call("/api/system/user/list", { token: admin, body: { pageNo: 1, pageSize: 100, queryFilter, ...page } });
const userRow = async (id: number) =>
  (await rows<Record<string, any>>(s, sql`select * from "user" where id = ${id}`))[0]!;
const tryLogin = (userName: string, password: string) =>
  s.call("/api/user/passwordLogin", { body: { phoneOrEmail: userName, password } });

describe("POST /api/system/user/add", () => {
  it("adds a user with a password who can sign in at once, with their own Personal space", async () => {
    const id = ok(
      await add({
        userName: "zhangsan",
        nickName: "张三",
        password: "Zhang#123",
        email: "ZS@example.com",
        role: "User",
      }),
    );
    expect(id).toEqual(expect.any(Number));
    const [listed] = ok(await list({ kw: "zhangsan" })).records;
    expect(listed).toMatchObject({ id, userName: "zhangsan", nickName: "张三", email: "zs@example.com", role: "User" });
    expect(listed.status).toBe("Enabled");
    const token = ok(await tryLogin("zhangsan", "Zhang#123")).token;
    const spaces = ok<any[]>(await s.call("/api/space/list", { token }));
    expect(spaces.map((x) => x.type)).toContain("Personal");
  });

  it("adds a user without a password, who cannot sign in by password until one is set", async () => {
    const id = ok(await add({ userName: "lisi", email: "lisi@example.com" }));
    expect((await userRow(id)).password_hash).toBeNull();
    expect((await tryLogin("lisi", "anything1")).success).toBe(false);
  });

  it("refuses a duplicate userName or email, and bad fields by name, adding nothing", async () => {
    ok(await add({ userName: "wangwu", email: "ww@example.com", phone: "13800000001" }));
    const before = await count(s, "user");
    refused(await add({ userName: "wangwu" }), "0001");
    refused(await add({ userName: "wangwu2", email: "WW@example.com" }), "0001");
    refused(await add({ userName: "wangwu3", phone: "13800000001" }), "0001");
    refused(await add({ userName: "a" }), "4000", "userName");
    refused(await add({ userName: "12345" }), "4000", "userName");
    refused(await add({ userName: "bad name!" }), "4000", "userName");
    refused(await add({ userName: "okname", email: "not-an-email" }), "4000", "email");
    refused(await add({ userName: "okname", phone: "123" }), "4000", "phone");
    refused(await add({ userName: "okname", password: "123" }), "4000", "password");
    refused(await add({ userName: "okname", role: "Root" }), "4000", "role");
    refused(await s.call("/api/system/user/add", { token: admin, raw: "{bad json" }), "4000");
    expect(await count(s, "user")).toBe(before);
  });
});

describe("POST /api/system/user/list", () => {
  it("filters by role, status and keyword, and pages", async () => {
    for (const n of [1, 2, 3]) ok(await add({ userName: `pager${n}`, nickName: `翻页用户${n}` }));
    ok(await add({ userName: "pagerboss", nickName: "翻页管理员", role: "Admin" }));
    const page1 = ok(await list({ kw: "pager" }, { pageSize: 2 }));
    expect(page1).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 });
    expect(page1.records.map((u: { userName: string }) => u.userName)).toEqual(["pagerboss", "pager3"]);
    const page2 = ok(await list({ kw: "pager" }, { pageSize: 2, pageNo: 2 }));
    expect(page2.records.map((u: { userName: string }) => u.userName)).toEqual(["pager2", "pager1"]);
    expect(ok(await list({ kw: "翻页用户" })).total).toBe(3);
    expect(ok(await list({ userName: "pager", role: "Admin" })).records.map((u: any) => u.userName)).toEqual([
      "pagerboss",
    ]);
    const [victim] = ok(await list({ kw: "pager1" })).records;
    ok(await s.call(`/api/system/user/disable/${victim.id}`, { token: admin, body: {} }));
    expect(ok(await list({ kw: "pager", status: "Disabled" })).records.map((u: any) => u.userName)).toEqual(["pager1"]);
    expect(ok(await list({ kw: "pager", status: "Enabled" })).total).toBe(3);
    refused(await list({ role: "Root" }), "4000", "queryFilter.role");
    refused(await list({}, { pageSize: 0 }), "4000", "pageSize");
  });
});

describe("POST /api/system/user/updateById/{id}", () => {
  it("changes only what is sent: editing an admin's nickname keeps them an admin", async () => {
    const id = ok(await add({ userName: "boss2", nickName: "老板", role: "Admin", email: "boss2@example.com" }));
    ok(await update(id, { nickName: "大老板" }));
    expect(await userRow(id)).toMatchObject({ nick_name: "大老板", role: "Admin", email: "boss2@example.com" });
    // The signed-in admin edits their own profile fields without touching the role.
    ok(await update(adminId, { nickName: "系统管理员" }));
    expect(await userRow(adminId)).toMatchObject({ nick_name: "系统管理员", role: "Admin" });
  });

  it("sets another user's role, which takes effect on their next request", async () => {
    const u = await s.newUser();
    refused(await s.call("/api/system/user/list", { token: u.token, body: {} }), "4030");
    ok(await update(u.id, { role: "Admin" }));
    ok(await s.call("/api/system/user/list", { token: u.token, body: {} }));
    ok(await update(u.id, { role: "User" }));
    refused(await s.call("/api/system/user/list", { token: u.token, body: {} }), "4030");
  });

  it("refuses changing your own role, duplicates, unknown ids and bad fields, changing nothing", async () => {
    const other = ok(await add({ userName: "taken_name" }));
    const id = ok(await add({ userName: "renamer" }));
    const before = { me: await userRow(adminId), them: await userRow(id) };
    refused(await update(adminId, { role: "User" }), "0001");
    refused(await update(id, { userName: "taken_name" }), "0001");
    refused(await update(999_999, { nickName: "谁" }), "4040");
    refused(await update("abc", { nickName: "谁" }), "4000", "id");
    refused(await update(id, { email: "nope" }), "4000", "email");
    refused(await update(id, { role: "Owner" }), "4000", "role");
    expect({ me: await userRow(adminId), them: await userRow(id) }).toEqual(before);
    expect(other).not.toBe(id);
  });

  it("signs the user out everywhere when the admin sets a new password", async () => {
    const u = await s.newUser();
    ok(await update(u.id, { password: "NewPass#2026" }));
    refused(await s.call("/api/user/getLoginInfo", { token: u.token }), "4010");
    ok(await tryLogin(u.userName, "NewPass#2026"));
  });
});

describe("disable, enable and delete", () => {
  const act = (what: string, id: number | string) =>
    s.call(`/api/system/user/${what}/${id}`, { token: admin, body: { id } });

  it("disabling stops the user's existing token at once and refuses sign-in until enabled again", async () => {
    const u = await s.newUser();
    ok(await s.call("/api/user/getLoginInfo", { token: u.token }));
    ok(await act("disable", u.id));
    refused(await s.call("/api/user/getLoginInfo", { token: u.token }), "4010");
    refused(await s.call("/api/space/list", { token: u.token }), "4010");
    expect((await tryLogin(u.userName, u.password)).success).toBe(false);
    ok(await act("enable", u.id));
    const token = ok(await tryLogin(u.userName, u.password)).token;
    ok(await s.call("/api/user/getLoginInfo", { token }));
  });

  it("deletes a user: gone from the list, signed out, unable to sign in", async () => {
    const u = await s.newUser();
    ok(await act("delete", u.id));
    expect(ok(await list({ kw: u.userName })).total).toBe(0);
    refused(await s.call("/api/user/getLoginInfo", { token: u.token }), "4010");
    expect((await tryLogin(u.userName, u.password)).success).toBe(false);
    refused(await act("enable", u.id), "4040");
    refused(await update(u.id, { nickName: "复活" }), "4040");
  });

  it("refuses to disable or delete yourself, unknown ids and bad ids", async () => {
    refused(await act("delete", adminId), "0001");
    refused(await act("disable", adminId), "0001");
    ok(await s.call("/api/user/getLoginInfo", { token: admin }));
    expect((await userRow(adminId)).status).toBe("Enabled");
    refused(await act("disable", 999_999), "4040");
    refused(await act("delete", "x"), "4000", "id");
  });
});
