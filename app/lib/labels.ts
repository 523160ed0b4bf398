import type { UserDto } from "../../server/modules/auth/service";
import type { SpaceDto } from "../../server/modules/space/service";

/** Every enum value the UI shows, mapped to its Chinese label in one place (reference Appendix A). */

export type SpaceRole = NonNullable<SpaceDto["currentUserRole"]>;
export type SpaceType = SpaceDto["type"];
export type SystemRole = UserDto["role"];
export type UserStatus = UserDto["status"];

export const spaceRoleLabels: Record<SpaceRole, string> = {
  Owner: "创建人",
  Admin: "管理员",
  User: "成员",
};

export const spaceTypeLabels: Record<SpaceType, string> = {
  Personal: "个人空间",
  Team: "团队空间",
  Class: "班级空间",
};

export const systemRoleLabels: Record<SystemRole, string> = {
  Admin: "管理员",
  User: "普通用户",
};

export const userStatusLabels: Record<UserStatus, string> = {
  Enabled: "启用",
  Disabled: "禁用",
  Deleted: "已删除",
};

/** Roles that can be granted when adding a member or changing a role; ownership moves only by transfer. */
export const grantableRoles = ["User", "Admin"] as const satisfies readonly SpaceRole[];
export const grantableRoleOptions = grantableRoles.map((value) => ({ value, label: spaceRoleLabels[value] }));
