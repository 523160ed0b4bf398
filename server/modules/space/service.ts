import { iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { fail, forbidden, notFound } from "#server/core";
import { findUserById } from "../auth";
import type { AddSpaceInput, MemberAddInput, MemberListInput, UpdateSpaceInput } from "./contract";
import * as repo from "./repo";

const RANK = { Owner: 3, Admin: 2, User: 1 } as const;

export function toSpaceDto(space: repo.SpaceRow, currentUserRole: repo.SpaceRole | null) {
  return {
    id: space.id,
    tenantId: space.tenantId,
    name: space.name,
    description: space.description,
    icon: iconOr("Space", space.icon),
    type: space.type,
    creatorId: space.creatorId,
    receivePublish: space.receivePublish,
    allowDevelop: space.allowDevelop,
    currentUserRole,
    created: space.created.toISOString(),
    modified: space.modified.toISOString(),
  };
}
export type SpaceDto = ReturnType<typeof toSpaceDto>;

/**
 * The space and the caller's role in it. Members pass; system admins pass for every space (with no role);
 * anyone else is told the space does not exist, so ids of other teams' spaces leak nothing.
 */
export async function accessSpace(deps: Deps, actor: Actor, spaceId: number, need: repo.SpaceRole = "User") {
  const space = await repo.findSpace(deps.db, actor.tenantId, spaceId);
  if (!space) throw notFound("空间不存在");
  const membership = await repo.findMembership(deps.db, spaceId, actor.userId);
  const role = membership?.role ?? null;
  if (!role && actor.role !== "Admin") throw notFound("空间不存在");
  if (role && RANK[role] >= RANK[need]) return { space, role };
  if (!role && actor.role === "Admin" && need !== "Owner") return { space, role };
  throw forbidden(need === "Owner" ? "只有空间创建人可以执行此操作" : "只有空间管理员可以执行此操作");
}

export async function addSpace(deps: Deps, actor: Actor, input: AddSpaceInput) {
  const space = await repo.insertSpace(deps.db, {
    tenantId: actor.tenantId,
    name: input.name,
    description: input.description ?? "",
    icon: input.icon ?? "",
    creatorId: actor.userId,
    type: "Team",
  });
  return space.id;
}

export async function listSpaces(deps: Deps, actor: Actor) {
  const rows = await repo.listSpacesOfUser(deps.db, actor.tenantId, actor.userId);
  return rows.map((r) => toSpaceDto(r.space, r.role));
}

export async function getSpace(deps: Deps, actor: Actor, spaceId: number) {
  const { space, role } = await accessSpace(deps, actor, spaceId);
  const creator = await findUserById(deps.db, space.creatorId);
  return { ...toSpaceDto(space, role), creatorName: creator?.nickName || creator?.userName || "" };
}

export async function updateSpace(deps: Deps, actor: Actor, input: UpdateSpaceInput) {
  const { space } = await accessSpace(deps, actor, input.id, "Admin");
  const { id, ...values } = input;
  if (space.type === "Personal" && (values.receivePublish !== undefined || values.allowDevelop !== undefined)) {
    throw fail("个人空间不支持修改该设置");
  }
  if (Object.keys(values).length) await repo.updateSpace(deps.db, id, values);
}

export async function deleteSpace(deps: Deps, actor: Actor, spaceId: number) {
  const { space } = await accessSpace(deps, actor, spaceId, "Owner");
  if (space.type === "Personal") throw fail("个人空间不能删除");
  await repo.deleteSpace(deps.db, spaceId);
}

export async function addMembers(deps: Deps, actor: Actor, input: MemberAddInput) {
  const spaceIds = [...new Set(input.map((m) => m.spaceId))];
  for (const spaceId of spaceIds) {
    const { space } = await accessSpace(deps, actor, spaceId, "Admin");
    if (space.type === "Personal") throw fail("个人空间不能添加成员");
  }
  for (const m of input) {
    const user = await findUserById(deps.db, m.userId);
    if (!user || user.tenantId !== actor.tenantId || user.status === "Deleted") throw fail(`用户 ${m.userId} 不存在`);
  }
  await deps.db.transaction(async (tx) => {
    for (const m of input) await repo.addMember(tx, m.spaceId, m.userId, m.role);
  });
}

export async function listMembers(deps: Deps, actor: Actor, input: MemberListInput) {
  await accessSpace(deps, actor, input.spaceId);
  const rows = await repo.listMembers(deps.db, input.spaceId, { kw: input.kw, role: input.role });
  return rows.map(({ member, user }) => ({
    userId: user.id,
    spaceId: member.spaceId,
    userName: user.userName,
    nickName: user.nickName,
    avatar: iconOr("User", user.avatar),
    role: member.role,
    created: member.created.toISOString(),
  }));
}

async function targetMember(deps: Deps, spaceId: number, userId: number) {
  const member = await repo.findMembership(deps.db, spaceId, userId);
  if (!member) throw fail("该用户不是空间成员");
  return member;
}

export async function updateMemberRole(
  deps: Deps,
  actor: Actor,
  input: { spaceId: number; userId: number; role: "Admin" | "User" },
) {
  const { role: myRole } = await accessSpace(deps, actor, input.spaceId, "Admin");
  const member = await targetMember(deps, input.spaceId, input.userId);
  if (member.role === "Owner") throw fail("不能修改创建人的角色");
  if (input.userId === actor.userId) throw fail("不能修改自己的角色");
  // An Admin may manage plain members; only the Owner (or a system admin) may demote another Admin.
  if (myRole === "Admin" && member.role === "Admin") throw forbidden("只有空间创建人可以修改管理员的角色");
  await repo.setMemberRole(deps.db, input.spaceId, input.userId, input.role);
}

export async function removeMember(deps: Deps, actor: Actor, input: { spaceId: number; userId: number }) {
  const { space, role: myRole } = await accessSpace(deps, actor, input.spaceId, "Admin");
  if (input.userId === actor.userId) throw fail("不能移除自己");
  const member = await targetMember(deps, input.spaceId, input.userId);
  if (member.role === "Owner" || input.userId === space.creatorId) throw fail("不能移除空间创建人");
  if (myRole === "Admin" && member.role === "Admin") throw forbidden("只有空间创建人可以移除管理员");
  await repo.removeMember(deps.db, input.spaceId, input.userId);
}

export async function transferSpace(deps: Deps, actor: Actor, input: { spaceId: number; targetUserId: number }) {
  const { space } = await accessSpace(deps, actor, input.spaceId, "Owner");
  if (space.type === "Personal") throw fail("个人空间不能转让");
  if (input.targetUserId === actor.userId) throw fail("不能转让给自己");
  const member = await targetMember(deps, input.spaceId, input.targetUserId);
  const previousOwner = (await repo.listMembers(deps.db, input.spaceId, { role: "Owner" }))[0]?.member.userId;
  await deps.db.transaction(async (tx) => {
    if (previousOwner) await repo.setMemberRole(tx, input.spaceId, previousOwner, "Admin");
    await repo.setMemberRole(tx, input.spaceId, member.userId, "Owner");
    await repo.updateSpace(tx, input.spaceId, { creatorId: member.userId });
  });
}
