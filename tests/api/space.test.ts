import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

type User = Awaited<ReturnType<TestServer["newUser"]>>;
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

/** A Team space owned by `owner` with the given members, built through the API. */
async function team(owner: User, members: [User, "Admin" | "User"][] = [], name = "团队空间") {
  const added = await s.call<number>("/api/space/add", { token: owner.token, body: { name, description: "desc" } });
  expect(added.code).toBe("0000");
  const spaceId = added.data;
  if (members.length) {
    const res = await s.call("/api/space/user/add", {
      token: owner.token,
      body: members.map(([u, role]) => ({ spaceId, userId: u.id, role })),
    });
    expect(res.code).toBe("0000");
  }
  return spaceId;
}
const spaceRow = async (id: number) =>
  (
    await rows<{ name: string; description: string; creator_id: number; receive_publish: number }>(
      s,
      sql`select name, description, creator_id, receive_publish from space where id = ${id}`,
    )
  )[0];
const roles = async (spaceId: number) =>
  Object.fromEntries(
    (
      await rows<{ user_id: number; role: string }>(
        s,
        sql`select user_id, role from space_user where space_id = ${spaceId}`,
      )
    ).map((r) => [r.user_id, r.role]),
  );
const personalOf = async (userId: number) =>
  (await rows<{ id: number }>(s, sql`select id from space where creator_id = ${userId} and type = 'Personal'`))[0]!.id;

describe("add", () => {
  it("creates a Team space with the caller as Owner", async () => {
    const u = await s.newUser();
    const res = await s.call("/api/space/add", {
      token: u.token,
      body: { name: "研发部", description: "做产品", icon: "" },
    });
    expect(res.code).toBe("0000");
    expect(typeof res.data).toBe("number");
    expect(await spaceRow(res.data)).toMatchObject({ name: "研发部", description: "做产品", creator_id: u.id });
    expect(await roles(res.data)).toEqual({ [u.id]: "Owner" });
  });

  it("answers 4000 naming the field for bad input and 4010 without a token, writing nothing", async () => {
    const u = await s.newUser();
    const before = await count(s, "space");
    for (const body of [{}, { name: "" }, { name: "x".repeat(33) }, { name: 5 }, { name: "ok", description: 1 }]) {
      const res = await s.call("/api/space/add", { token: u.token, body });
      expect(res.code, JSON.stringify(body)).toBe("4000");
      expect(res.message).toMatch(/name|description/);
    }
    expect((await s.call("/api/space/add", { body: { name: "匿名" } })).code).toBe("4010");
    expect(await count(s, "space")).toBe(before);
  });
});

describe("list and get", () => {
  it("every new user has a Personal space; list puts it first with currentUserRole", async () => {
    const owner = await s.newUser();
    const u = await s.newUser();
    const teamId = await team(owner, [[u, "Admin"]]);
    await s.call("/api/space/add", { token: u.token, body: { name: "我的团队" } });
    const res = await s.call("/api/space/list", { token: u.token });
    expect(res.code).toBe("0000");
    expect(res.data.map((sp: { type: string }) => sp.type)).toEqual(["Personal", "Team", "Team"]);
    expect(res.data[0]).toMatchObject({ name: "个人空间", currentUserRole: "Owner", creatorId: u.id, tenantId: 1 });
    const joined = res.data.find((sp: { id: number }) => sp.id === teamId);
    expect(joined).toMatchObject({ currentUserRole: "Admin", receivePublish: 1, allowDevelop: 1 });
    // Spaces the user is not in are not listed.
    const outsider = await s.newUser();
    expect((await s.call("/api/space/list", { token: outsider.token })).data).toHaveLength(1);
    expect((await s.call("/api/space/list")).code).toBe("4010");
  });

  it("get returns the space with creatorName and the caller's role; bad ids are 4000, missing ones 4040", async () => {
    const owner = await s.newUser({ nickName: "空间主人" });
    const member = await s.newUser();
    const id = await team(owner, [[member, "User"]]);
    const res = await s.call(`/api/space/get/${id}`, { token: member.token });
    expect(res.data).toMatchObject({ id, type: "Team", creatorName: "空间主人", currentUserRole: "User" });
    const bad = await s.call("/api/space/get/abc", { token: member.token });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("spaceId");
    expect((await s.call("/api/space/get/999999", { token: member.token })).code).toBe("4040");
    expect((await s.call(`/api/space/get/${id}`)).code).toBe("4010");
  });
});

describe("update", () => {
  it("lets the Owner and an Admin update; a plain member gets 4030 and nothing changes", async () => {
    const owner = await s.newUser();
    const admin = await s.newUser();
    const member = await s.newUser();
    const id = await team(owner, [
      [admin, "Admin"],
      [member, "User"],
    ]);
    expect((await s.call("/api/space/update", { token: owner.token, body: { id, name: "改名一" } })).code).toBe("0000");
    expect((await s.call("/api/space/update", { token: admin.token, body: { id, receivePublish: 0 } })).code).toBe(
      "0000",
    );
    expect(await spaceRow(id)).toMatchObject({ name: "改名一", receive_publish: 0, description: "desc" });
    const refused = await s.call("/api/space/update", { token: member.token, body: { id, name: "成员改名" } });
    expect(refused.code).toBe("4030");
    expect((await spaceRow(id))?.name).toBe("改名一");
  });

  it("answers 4000 naming the field for bad input, changing nothing", async () => {
    const owner = await s.newUser();
    const id = await team(owner);
    for (const [body, field] of [
      [{ name: "x" }, "id"],
      [{ id, receivePublish: 2 }, "receivePublish"],
      [{ id, name: "" }, "name"],
      [{ id: "abc" }, "id"],
      [{ id: true }, "id"],
    ] as const) {
      const res = await s.call("/api/space/update", { token: owner.token, body });
      expect(res.code).toBe("4000");
      expect(res.message).toContain(field);
    }
    expect((await s.call("/api/space/update", { body: { id, name: "匿名改名" } })).code).toBe("4010");
    const fromPage = await s.call("/api/space/update", {
      body: { id, name: "匿名改名" },
      headers: { referer: `${s.url}/space/${id}/team` },
    });
    expect(fromPage).toMatchObject({
      code: "4011",
      message: `/login?redirect=${encodeURIComponent(`/space/${id}/team`)}`,
    });
    expect((await spaceRow(id))?.name).toBe("团队空间");
  });

  it("refuses publish settings on a Personal space", async () => {
    const u = await s.newUser();
    const personal = await personalOf(u.id);
    const res = await s.call("/api/space/update", { token: u.token, body: { id: personal, receivePublish: 0 } });
    expect(res.code).toBe("0001");
    expect((await spaceRow(personal))?.receive_publish).toBe(1);
  });
});

describe("delete", () => {
  it("only the Owner deletes a Team space; Admin and members get 4030", async () => {
    const owner = await s.newUser();
    const admin = await s.newUser();
    const member = await s.newUser();
    const id = await team(owner, [
      [admin, "Admin"],
      [member, "User"],
    ]);
    expect((await s.call(`/api/space/delete/${id}`, { token: admin.token, body: { spaceId: id } })).code).toBe("4030");
    expect((await s.call(`/api/space/delete/${id}`, { token: member.token, method: "POST" })).code).toBe("4030");
    expect(await spaceRow(id)).toBeDefined();
    expect((await s.call(`/api/space/delete/${id}`, { token: owner.token, body: { spaceId: id } })).code).toBe("0000");
    expect(await spaceRow(id)).toBeUndefined();
    expect(await count(s, "space_user", sql`space_id = ${id}`)).toBe(0);
    expect((await s.call(`/api/space/get/${id}`, { token: owner.token })).code).toBe("4040");
  });

  it("answers 4000 for a bad id and 4010 without a token, deleting nothing", async () => {
    const owner = await s.newUser();
    const id = await team(owner);
    const bad = await s.call("/api/space/delete/x1", { token: owner.token, method: "POST" });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("spaceId");
    expect((await s.call(`/api/space/delete/${id}`, { method: "POST" })).code).toBe("4010");
    expect(await spaceRow(id)).toBeDefined();
  });

  it("never deletes a Personal space", async () => {
    const u = await s.newUser();
    const personal = await personalOf(u.id);
    const res = await s.call(`/api/space/delete/${personal}`, { token: u.token, method: "POST" });
    expect(res.code).toBe("0001");
    expect(res.message).toContain("个人空间");
    expect(await spaceRow(personal)).toBeDefined();
  });
});

describe("transfer", () => {
  it("moves ownership to a member; the previous owner becomes Admin", async () => {
    const owner = await s.newUser();
    const heir = await s.newUser({ nickName: "继任者" });
    const id = await team(owner, [[heir, "User"]]);
    const res = await s.call("/api/space/transfer", {
      token: owner.token,
      body: { spaceId: id, targetUserId: heir.id },
    });
    expect(res.code).toBe("0000");
    expect(await roles(id)).toEqual({ [owner.id]: "Admin", [heir.id]: "Owner" });
    expect((await spaceRow(id))?.creator_id).toBe(heir.id);
    expect((await s.call(`/api/space/get/${id}`, { token: owner.token })).data).toMatchObject({
      creatorName: "继任者",
      currentUserRole: "Admin",
    });
    // The former owner lost the Owner-only rights; the new one has them.
    expect((await s.call(`/api/space/delete/${id}`, { token: owner.token, method: "POST" })).code).toBe("4030");
    expect((await s.call(`/api/space/delete/${id}`, { token: heir.token, method: "POST" })).code).toBe("0000");
  });

  it("is Owner only, needs a member target, and refuses Personal spaces", async () => {
    const owner = await s.newUser();
    const admin = await s.newUser();
    const stranger = await s.newUser();
    const id = await team(owner, [[admin, "Admin"]]);
    const byAdmin = await s.call("/api/space/transfer", {
      token: admin.token,
      body: { spaceId: id, targetUserId: admin.id },
    });
    expect(byAdmin.code).toBe("4030");
    const toStranger = await s.call("/api/space/transfer", {
      token: owner.token,
      body: { spaceId: id, targetUserId: stranger.id },
    });
    expect(toStranger.code).toBe("0001");
    const toSelf = await s.call("/api/space/transfer", {
      token: owner.token,
      body: { spaceId: id, targetUserId: owner.id },
    });
    expect(toSelf.code).toBe("0001");
    const personal = await s.call("/api/space/transfer", {
      token: owner.token,
      body: { spaceId: await personalOf(owner.id), targetUserId: admin.id },
    });
    expect(personal.code).toBe("0001");
    const bad = await s.call("/api/space/transfer", { token: owner.token, body: { spaceId: id } });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("targetUserId");
    expect((await s.call("/api/space/transfer", { body: { spaceId: id, targetUserId: admin.id } })).code).toBe("4010");
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [admin.id]: "Admin" });
  });
});

describe("outsiders and system admins", () => {
  it("an outsider gets 4040 for get and 4030/4040 for everything else, and nothing changes", async () => {
    const owner = await s.newUser();
    const member = await s.newUser();
    const outsider = await s.newUser();
    const id = await team(owner, [[member, "User"]], "机密空间");
    const t = outsider.token;
    const get = await s.call(`/api/space/get/${id}`, { token: t });
    expect(get).toMatchObject({ code: "4040", data: null });
    const attempts: [string, unknown][] = [
      ["/api/space/update", { id, name: "被篡改" }],
      [`/api/space/delete/${id}`, { spaceId: id }],
      ["/api/space/transfer", { spaceId: id, targetUserId: outsider.id }],
      ["/api/space/user/add", [{ spaceId: id, userId: outsider.id, role: "Admin" }]],
      ["/api/space/user/list", { spaceId: id }],
      ["/api/space/user/role/update", { spaceId: id, userId: member.id, role: "Admin" }],
      ["/api/space/user/delete", { spaceId: id, userId: member.id }],
    ];
    for (const [path, body] of attempts) {
      const res = await s.call(path, { token: t, body });
      expect(["4030", "4040"], path).toContain(res.code);
      expect(res.data).toBeNull();
      expect(JSON.stringify(res)).not.toContain("机密空间");
    }
    expect(await spaceRow(id)).toMatchObject({ name: "机密空间", creator_id: owner.id });
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [member.id]: "User" });
  });

  it("a system admin can open any space and its members", async () => {
    const owner = await s.newUser();
    const id = await team(owner, [], "任意空间");
    const admin = await s.adminToken();
    const get = await s.call(`/api/space/get/${id}`, { token: admin });
    expect(get.code).toBe("0000");
    expect(get.data).toMatchObject({ id, name: "任意空间", currentUserRole: null });
    const members = await s.call("/api/space/user/list", { token: admin, body: { spaceId: id } });
    expect(members.data.map((m: { userId: number }) => m.userId)).toEqual([owner.id]);
    // Opening is not owning: the system admin does not see it in their own list.
    expect((await s.call("/api/space/list", { token: admin })).data.some((sp: { id: number }) => sp.id === id)).toBe(
      false,
    );
  });
});
