import type { Actor } from "./deps";
import { forbidden } from "./errors";

/** /api/system/** is for system administrators only; everyone else gets 4030. */
export function requireSystemAdmin(actor: Actor) {
  if (actor.role !== "Admin") throw forbidden("无权限，仅系统管理员可以访问");
  return actor;
}
