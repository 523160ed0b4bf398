import { safeUrl } from "../../lib/safe-url";
import { id, z } from "../../lib/zod";

const name = z.string().trim().min(1, "不能为空").max(32, "最多 32 个字符");
const description = z.string().trim().max(200, "最多 200 个字符");
const icon = safeUrl();
const flag01 = z.union([z.literal(0), z.literal(1)], { error: "必须是 0 或 1" });
/** Owner is never granted by add or role update: ownership moves only by transfer. */
const grantableRole = z.enum(["Admin", "User"], { error: "必须是 Admin 或 User" });

export const addSpaceInput = z.object({ name, description: description.optional(), icon: icon.optional() });
export const updateSpaceInput = z.object({
  id: id(),
  name: name.optional(),
  description: description.optional(),
  icon: icon.optional(),
  receivePublish: flag01.optional(),
  allowDevelop: flag01.optional(),
});
export const memberAddInput = z
  .array(z.object({ spaceId: id(), userId: id(), role: grantableRole.default("User") }))
  .min(1, "至少添加一位成员")
  .max(100, "一次最多添加 100 位成员");
export const memberListInput = z.object({
  spaceId: id(),
  kw: z.string().trim().max(50).optional(),
  role: z.enum(["Owner", "Admin", "User"], { error: "必须是 Owner、Admin 或 User" }).optional(),
});
export const memberRoleInput = z.object({ spaceId: id(), userId: id(), role: grantableRole });
export const memberDeleteInput = z.object({ spaceId: id(), userId: id() });
export const transferInput = z.object({ spaceId: id(), targetUserId: id() });

export type AddSpaceInput = z.infer<typeof addSpaceInput>;
export type UpdateSpaceInput = z.infer<typeof updateSpaceInput>;
export type MemberAddInput = z.infer<typeof memberAddInput>;
export type MemberListInput = z.infer<typeof memberListInput>;
