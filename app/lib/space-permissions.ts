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
