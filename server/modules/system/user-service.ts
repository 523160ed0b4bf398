import { and, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { pageOf, pageWindow } from "#contract/page";
import type { Actor, Deps } from "#server/core";
import { fail, notFound, requireSystemAdmin } from "#server/core";
import { users } from "#server/db/schema";
import { hashPassword } from "#server/lib/crypto";
import { containsPattern } from "#server/lib/sql";
import * as authRepo from "../auth";
import { createUserWithSpace } from "../auth/service";
import type { UserAddInput, UserListInput, UserUpdateInput } from "./contract";

export function toAdminUserDto(u: authRepo.UserRow) {
  return {
    id: u.id,
    uid: u.uid,
    userName: u.userName,
    nickName: u.nickName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    status: u.status,
    lastLoginTime: u.lastLoginTime?.toISOString() ?? null,
    created: u.created.toISOString(),
  };
}

export async function listUsers(deps: Deps, actor: Actor, input: UserListInput) {
  requireSystemAdmin(actor);
  const f = input.queryFilter;
  const conditions: SQL[] = [eq(users.tenantId, actor.tenantId), ne(users.status, "Deleted")];
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.status) conditions.push(eq(users.status, f.status));
  const kw = f.kw || f.userName;
  if (kw)
    conditions.push(
      or(
        ilike(users.userName, containsPattern(kw)),
        ilike(users.nickName, containsPattern(kw)),
        ilike(users.email, containsPattern(kw)),
        ilike(users.phone, containsPattern(kw)),
      ) as SQL,
    );
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    deps.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(input.pageSize)
      .offset(pageWindow(input.pageNo, input.pageSize).offset),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const total = count?.n ?? 0;
  return pageOf(rows.map(toAdminUserDto), total, input.pageSize, input.pageNo);
}

async function assertUnique(deps: Deps, tenantId: number, input: Partial<UserAddInput>, exceptId?: number) {
  const checks = [
    ["userName", input.userName, "用户名已被使用"],
    ["email", input.email?.toLowerCase(), "邮箱已被使用"],
    ["phone", input.phone, "手机号已被使用"],
  ] as const;
  for (const [field, value, message] of checks) {
    if (value && (await authRepo.isFieldTaken(deps.db, tenantId, field, value, exceptId))) throw fail(message);
  }
}

export async function addUser(deps: Deps, actor: Actor, input: UserAddInput) {
  requireSystemAdmin(actor);
  await assertUnique(deps, actor.tenantId, input);
  const user = await createUserWithSpace(deps, {
    tenantId: actor.tenantId,
    uid: input.userName,
    userName: input.userName,
    nickName: input.nickName || input.userName,
    email: input.email ? input.email.toLowerCase() : null,
    phone: input.phone || null,
    role: input.role,
    // With a password the account is ready; without one the user signs in by code and then sets it.
    passwordHash: input.password ? await hashPassword(input.password) : null,
    resetPass: input.password ? 1 : 0,
  });
  return user.id;
}

async function managedUser(deps: Deps, actor: Actor, id: number) {
  requireSystemAdmin(actor);
  const user = await authRepo.findUserById(deps.db, id);
  if (!user || user.tenantId !== actor.tenantId || user.status === "Deleted") throw notFound("用户不存在");
  return user;
}

export async function updateUser(deps: Deps, actor: Actor, id: number, input: UserUpdateInput) {
  const user = await managedUser(deps, actor, id);
  if (user.id === actor.userId && input.role && input.role !== user.role) throw fail("不能修改自己的角色");
  await assertUnique(deps, actor.tenantId, input, user.id);
  const values: Partial<authRepo.NewUser> = {};
  if (input.userName) values.userName = input.userName;
  if (input.nickName !== undefined) values.nickName = input.nickName;
  if (input.email !== undefined) values.email = input.email ? input.email.toLowerCase() : null;
  if (input.phone !== undefined) values.phone = input.phone || null;
  if (input.role) values.role = input.role;
  if (input.password) Object.assign(values, { passwordHash: await hashPassword(input.password), resetPass: 1 });
  if (Object.keys(values).length) await authRepo.updateUser(deps.db, user.id, values);
  if (input.password && user.id !== actor.userId) await authRepo.deleteUserTokens(deps.db, user.id);
}

/** Disabling or deleting signs the user out everywhere at once. */
export async function setUserStatus(deps: Deps, actor: Actor, id: number, status: "Enabled" | "Disabled" | "Deleted") {
  const user = await managedUser(deps, actor, id);
  if (user.id === actor.userId && status !== "Enabled")
    throw fail(status === "Deleted" ? "不能删除自己" : "不能禁用自己");
  await authRepo.updateUser(deps.db, user.id, { status });
  if (status !== "Enabled") await authRepo.deleteUserTokens(deps.db, user.id);
}
