import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

type User = Awaited<ReturnType<TestServer["newUser"]>>;
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function team(owner: User, members: [User, "Admin" | "User"][] = []) {
  const spaceId = (await s.call<number>("/api/space/add", { token: owner.token, body: { name: "成员测试" } })).data;
  if (members.length) {
    const res = await s.call("/api/space/user/add", {
      token: owner.token,
      body: members.map(([u, role]) => ({ spaceId, userId: u.id, role })),
    });
    expect(res.code).toBe("0000");
  }
  return spaceId;
}
const roles = async (spaceId: number) =>
  Object.fromEntries(
    (
      await rows<{ user_id: number; role: string }>(
        s,
        sql`select user_id, role from space_user where space_id = ${spaceId}`,
      )
    ).map((r) => [r.user_id, r.role]),
  );

describe("user/add", () => {
  it("the Owner and Admins add members (array body); duplicates are ignored", async () => {
    const owner = await s.newUser();
    const admin = await s.newUser();
    const a = await s.newUser();
    const b = await s.newUser();
    const id = await team(owner, [[admin, "Admin"]]);
    const res = await s.call("/api/space/user/add", {
      token: admin.token,
      body: [
        { spaceId: id, userId: a.id, role: "User" },
        { spaceId: id, userId: b.id, role: "Admin" },
        { spaceId: id, userId: a.id, role: "Admin" },
      ],
    });
    expect(res.code).toBe("0000");
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [admin.id]: "Admin", [a.id]: "User", [b.id]: "Admin" });
    // Adding again does not change an existing member's role (and never the Owner's).
    await s.call("/api/space/user/add", {
      token: owner.token,
      body: [{ spaceId: id, userId: owner.id, role: "User" }],
    });
    expect((await roles(id))[owner.id]).toBe("Owner");
  });

  it("refuses the Owner role (4000), plain members (4030), Personal spaces and unknown users (0001) — all or nothing", async () => {
    const owner = await s.newUser();
    const member = await s.newUser();
    const c = await s.newUser();
    const id = await team(owner, [[member, "User"]]);
    const asOwner = await s.call("/api/space/user/add", {
      token: owner.token,
      body: [{ spaceId: id, userId: c.id, role: "Owner" }],
    });
    expect(asOwner.code).toBe("4000");
    expect(asOwner.message).toContain("role");
    const byMember = await s.call("/api/space/user/add", {
      token: member.token,
      body: [{ spaceId: id, userId: c.id }],
    });
    expect(byMember.code).toBe("4030");
    const unknown = await s.call("/api/space/user/add", {
      token: owner.token,
      body: [
        { spaceId: id, userId: c.id, role: "User" },
        { spaceId: id, userId: 987654, role: "User" },
      ],
    });
    expect(unknown.code).toBe("0001");
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [member.id]: "User" });
    const personal = (await s.call("/api/space/list", { token: owner.token })).data[0].id;
    const toPersonal = await s.call("/api/space/user/add", {
      token: owner.token,
      body: [{ spaceId: personal, userId: c.id }],
    });
    expect(toPersonal.code).toBe("0001");
    expect(await roles(personal)).toEqual({ [owner.id]: "Owner" });
  });

  it("answers 4000 for a non-array or empty body and 4010 without a token", async () => {
    const owner = await s.newUser();
    const id = await team(owner);
    const obj = await s.call("/api/space/user/add", { token: owner.token, body: { spaceId: id, userId: owner.id } });
    expect(obj.code).toBe("4000");
    expect((await s.call("/api/space/user/add", { token: owner.token, body: [] })).code).toBe("4000");
    const noUser = await s.call("/api/space/user/add", { token: owner.token, body: [{ spaceId: id }] });
    expect(noUser.message).toContain("0.userId");
    expect((await s.call("/api/space/user/add", { body: [{ spaceId: id, userId: 1 }] })).code).toBe("4010");
  });
});

describe("user/list", () => {
  it("lists members for any member, Owner first, filtered by keyword and role", async () => {
    const owner = await s.newUser({ nickName: "老板" });
    const admin = await s.newUser({ nickName: "管理甲" });
    const member = await s.newUser({ nickName: "成员乙" });
    const id = await team(owner, [
      [member, "User"],
      [admin, "Admin"],
    ]);
    const all = await s.call("/api/space/user/list", { token: member.token, body: { spaceId: id } });
    expect(all.code).toBe("0000");
    expect(all.data.map((m: { userId: number }) => m.userId)).toEqual([owner.id, admin.id, member.id]);
    expect(all.data[0]).toMatchObject({ spaceId: id, userName: owner.userName, nickName: "老板", role: "Owner" });
    const byKw = await s.call("/api/space/user/list", { token: member.token, body: { spaceId: id, kw: "管理" } });
    expect(byKw.data.map((m: { userId: number }) => m.userId)).toEqual([admin.id]);
    const byName = await s.call("/api/space/user/list", {
      token: member.token,
      body: { spaceId: id, kw: member.userName },
    });
    expect(byName.data.map((m: { userId: number }) => m.userId)).toEqual([member.id]);
    const byRole = await s.call("/api/space/user/list", { token: member.token, body: { spaceId: id, role: "User" } });
    expect(byRole.data.map((m: { userId: number }) => m.userId)).toEqual([member.id]);
  });

  it("answers 4000 naming the field, 4010 without a token, 4040 for an outsider", async () => {
    const owner = await s.newUser();
    const id = await team(owner);
    const bad = await s.call("/api/space/user/list", { token: owner.token, body: { spaceId: id, role: "Boss" } });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("role");
    expect((await s.call("/api/space/user/list", { token: owner.token, body: {} })).message).toContain("spaceId");
    expect((await s.call("/api/space/user/list", { body: { spaceId: id } })).code).toBe("4010");
    const outsider = await s.newUser();
    expect((await s.call("/api/space/user/list", { token: outsider.token, body: { spaceId: id } })).code).toBe("4040");
  });
});

describe("user/role/update", () => {
  it("the Owner promotes and demotes; nobody can grant Owner or change their own role", async () => {
    const owner = await s.newUser();
    const admin = await s.newUser();
    const member = await s.newUser();
    const id = await team(owner, [
      [admin, "Admin"],
      [member, "User"],
    ]);
    const up = await s.call("/api/space/user/role/update", {
      token: owner.token,
      body: { spaceId: id, userId: member.id, role: "Admin" },
    });
    expect(up.code).toBe("0000");
    const down = await s.call("/api/space/user/role/update", {
      token: owner.token,
      body: { spaceId: id, userId: admin.id, role: "User" },
    });
    expect(down.code).toBe("0000");
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [admin.id]: "User", [member.id]: "Admin" });

    const toOwner = await s.call("/api/space/user/role/update", {
      token: owner.token,
      body: { spaceId: id, userId: member.id, role: "Owner" },
    });
    expect(toOwner.code).toBe("4000");
    expect(toOwner.message).toContain("role");
    const self = await s.call("/api/space/user/role/update", {
      token: member.token,
      body: { spaceId: id, userId: member.id, role: "User" },
    });
    expect(self.code).toBe("0001");
    const ownerSelf = await s.call("/api/space/user/role/update", {
      token: owner.token,
      body: { spaceId: id, userId: owner.id, role: "Admin" },
    });
    expect(ownerSelf.code).toBe("0001");
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [admin.id]: "User", [member.id]: "Admin" });
  });

  it("an Admin manages plain members but cannot demote another Admin (4030); members cannot change roles", async () => {
    const owner = await s.newUser();
    const adminA = await s.newUser();
    const adminB = await s.newUser();
    const member = await s.newUser();
    const id = await team(owner, [
      [adminA, "Admin"],
      [adminB, "Admin"],
      [member, "User"],
    ]);
    const demote = await s.call("/api/space/user/role/update", {
      token: adminA.token,
      body: { spaceId: id, userId: adminB.id, role: "User" },
    });
    expect(demote.code).toBe("4030");
    const byMember = await s.call("/api/space/user/role/update", {
      token: member.token,
      body: { spaceId: id, userId: adminA.id, role: "User" },
    });
    expect(byMember.code).toBe("4030");
    const notMember = await s.call("/api/space/user/role/update", {
      token: adminA.token,
      body: { spaceId: id, userId: 999999, role: "User" },
    });
    expect(notMember.code).toBe("0001");
    expect(await roles(id)).toEqual({
      [owner.id]: "Owner",
      [adminA.id]: "Admin",
      [adminB.id]: "Admin",
      [member.id]: "User",
    });
    const promote = await s.call("/api/space/user/role/update", {
      token: adminA.token,
      body: { spaceId: id, userId: member.id, role: "Admin" },
    });
    expect(promote.code).toBe("0000");
    expect((await roles(id))[member.id]).toBe("Admin");
    expect(
      (await s.call("/api/space/user/role/update", { body: { spaceId: id, userId: member.id, role: "User" } })).code,
    ).toBe("4010");
  });
});

describe("user/delete", () => {
  it("removes a member; never yourself nor the creator; an Admin cannot remove another Admin", async () => {
    const owner = await s.newUser();
    const adminA = await s.newUser();
    const adminB = await s.newUser();
    const member = await s.newUser();
    const id = await team(owner, [
      [adminA, "Admin"],
      [adminB, "Admin"],
      [member, "User"],
    ]);
    const self = await s.call("/api/space/user/delete", {
      token: adminA.token,
      body: { spaceId: id, userId: adminA.id },
    });
    expect(self.code).toBe("0001");
    const creator = await s.call("/api/space/user/delete", {
      token: adminA.token,
      body: { spaceId: id, userId: owner.id },
    });
    expect(creator.code).toBe("0001");
    const otherAdmin = await s.call("/api/space/user/delete", {
      token: adminA.token,
      body: { spaceId: id, userId: adminB.id },
    });
    expect(otherAdmin.code).toBe("4030");
    const byMember = await s.call("/api/space/user/delete", {
      token: member.token,
      body: { spaceId: id, userId: adminB.id },
    });
    expect(byMember.code).toBe("4030");
    expect(Object.keys(await roles(id))).toHaveLength(4);

    const ok = await s.call("/api/space/user/delete", {
      token: adminA.token,
      body: { spaceId: id, userId: member.id },
    });
    expect(ok.code).toBe("0000");
    expect((await roles(id))[member.id]).toBeUndefined();
    // The removed member has lost access.
    expect((await s.call(`/api/space/get/${id}`, { token: member.token })).code).toBe("4040");
    const byOwner = await s.call("/api/space/user/delete", {
      token: owner.token,
      body: { spaceId: id, userId: adminB.id },
    });
    expect(byOwner.code).toBe("0000");
    expect(await roles(id)).toEqual({ [owner.id]: "Owner", [adminA.id]: "Admin" });
  });

  it("answers 4000 naming the field and 4010 without a token", async () => {
    const owner = await s.newUser();
    const id = await team(owner);
    const bad = await s.call("/api/space/user/delete", { token: owner.token, body: { spaceId: id, userId: -1 } });
    expect(bad.code).toBe("4000");
    expect(bad.message).toContain("userId");
    expect((await s.call("/api/space/user/delete", { body: { spaceId: id, userId: 2 } })).code).toBe("4010");
  });
});
