import { spaceRoles, spaceTypes } from "../enums";
import { safeUrl } from "../safe-url";
import { flag01, id, z } from "../zod";
import { endpoint, nothing } from "./endpoint";

const name = z.string().trim().min(1, "不能为空").max(32, "最多 32 个字符");
const description = z.string().trim().max(200, "最多 200 个字符");
const icon = safeUrl();
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
  role: z.enum(spaceRoles, { error: "必须是 Owner、Admin 或 User" }).optional(),
});
export const memberRoleInput = z.object({ spaceId: id(), userId: id(), role: grantableRole });
export const memberDeleteInput = z.object({ spaceId: id(), userId: id() });
export const transferInput = z.object({ spaceId: id(), targetUserId: id() });

export type AddSpaceInput = z.infer<typeof addSpaceInput>;
export type UpdateSpaceInput = z.infer<typeof updateSpaceInput>;
export type MemberAddInput = z.infer<typeof memberAddInput>;
export type MemberListInput = z.infer<typeof memberListInput>;

/** A space as the caller sees it; `currentUserRole` is null for a system admin who is not a member. */
export const spaceDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  type: z.enum(spaceTypes),
  creatorId: z.number().int(),
  receivePublish: z.number().int(),
  allowDevelop: z.number().int(),
  currentUserRole: z.enum(spaceRoles).nullable(),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});
export type SpaceDto = z.infer<typeof spaceDto>;
export const spaceMemberDto = z.object({
  userId: z.number().int(),
  spaceId: z.number().int(),
  userName: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(spaceRoles),
  created: z.iso.datetime({ offset: true }),
});

/** /api/space/*: spaces and their members. */
export const space = {
  add: endpoint({ method: "POST", path: "/api/space/add", body: addSpaceInput, response: z.number().int() }),
  list: endpoint({ method: "GET", path: "/api/space/list", response: z.array(spaceDto) }),
  get: endpoint({
    method: "GET",
    path: "/api/space/get/:spaceId",
    response: spaceDto.extend({ creatorName: z.string() }),
  }),
  update: endpoint({ method: "POST", path: "/api/space/update", body: updateSpaceInput, response: nothing }),
  delete: endpoint({ method: "POST", path: "/api/space/delete/:spaceId", response: nothing }),
  transfer: endpoint({ method: "POST", path: "/api/space/transfer", body: transferInput, response: nothing }),
  memberAdd: endpoint({ method: "POST", path: "/api/space/user/add", body: memberAddInput, response: nothing }),
  memberList: endpoint({
    method: "POST",
    path: "/api/space/user/list",
    body: memberListInput,
    response: z.array(spaceMemberDto),
  }),
  memberRole: endpoint({
    method: "POST",
    path: "/api/space/user/role/update",
    body: memberRoleInput,
    response: nothing,
  }),
  memberDelete: endpoint({
    method: "POST",
    path: "/api/space/user/delete",
    body: memberDeleteInput,
    response: nothing,
  }),
};
