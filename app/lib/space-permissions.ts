import type { UserDto } from "#contract/api/auth-dto";
import type { SpaceDto } from "#contract/api/space";
import type { SpaceRole } from "./labels";

const RANK: Record<SpaceRole, number> = { Owner: 3, Admin: 2, User: 1 };

/**
 * What the team page may offer, mirroring server/modules/space/service.ts (Owner > Admin > User; system
 * admins act as space admins but never as owner). The backend enforces all of it again.
 */
export function spacePermissions(
  space: Pick<SpaceDto, "type" | "currentUserRole">,
  user: Pick<UserDto, "id" | "role">,
) {
  const role = space.currentUserRole;
  const manages = (role !== null && RANK[role] >= RANK.Admin) || (role === null && user.role === "Admin");
  const owns = role === "Owner";
  const team = space.type !== "Personal";
  return {
    editInfo: manages,
    addMembers: manages && team,
    transfer: owns && team,
    delete: owns && team,
    /** Change the role of, or remove, this member. */
    manageMember(member: { userId: number; role: SpaceRole }) {
      if (!manages || member.role === "Owner" || member.userId === user.id) return false;
      return !(role === "Admin" && member.role === "Admin");
    },
  };
}

export type SpacePermissions = ReturnType<typeof spacePermissions>;

/**
 * 开发者功能 off: a plain member of the space sees neither 智能体开发 nor 组件库 (original-frontend.md §5);
 * Admins, the Owner and system admins (no role in the space) are unaffected. The backend refuses the edits too.
 */
export const developmentHidden = (space: Pick<SpaceDto, "allowDevelop" | "currentUserRole">) =>
  space.allowDevelop === 0 && space.currentUserRole === "User";

/** The section a space opens on: 智能体开发, or 成员与设置 for whom development is hidden. */
export const spaceHome = (space: Pick<SpaceDto, "id" | "allowDevelop" | "currentUserRole">) =>
  `/space/${space.id}/${developmentHidden(space) ? "team" : "develop"}`;

/** Whether a path under /space/:id is one of the development sections (智能体开发, 组件库 and their pages). */
export const isDevelopmentPath = (pathname: string) => /^\/space\/\d+\/(develop|library)(\/|$)/.test(pathname);
