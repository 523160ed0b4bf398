import { userRoles, userStatuses } from "../enums";
import { z } from "../zod";

/** The signed-in user as /api/user/getLoginInfo answers it; `resetPass` 0 means no password was ever chosen. */
export const userDto = z.object({
  id: z.number().int(),
  uid: z.string(),
  tenantId: z.number().int(),
  userName: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  resetPass: z.number().int(),
  status: z.enum(userStatuses),
  role: z.enum(userRoles),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lang: z.string(),
  lastLoginTime: z.iso.datetime({ offset: true }).nullable(),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});
export type UserDto = z.infer<typeof userDto>;
