import { userRoles } from "../../db/schema";
import { newPassword } from "../../lib/password";
import { id, z } from "../../lib/zod";
import { EMAIL_RE, PHONE_RE } from "../auth/contract";

const userName = z
  .string()
  .trim()
  .min(2, "至少 2 个字符")
  .max(32, "最多 32 个字符")
  .regex(/^[A-Za-z0-9_\u4e00-\u9fa5-]+$/, "只能包含中文、字母、数字、下划线和短横线")
  .refine((v) => !/^\d+$/.test(v), "不能全是数字");
const optionalText = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === "" || re.test(v), message)
    .optional();

export const userListInput = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  queryFilter: z
    .object({
      role: z.enum(userRoles).optional(),
      status: z.enum(["Enabled", "Disabled"]).optional(),
      kw: z.string().trim().max(64).optional(),
      userName: z.string().trim().max(64).optional(),
    })
    .default({}),
});

const role = z.enum(userRoles, { error: "必须是 Admin 或 User" });
const userFields = {
  userName,
  nickName: z.string().trim().max(32, "最多 32 个字符").optional(),
  password: newPassword().optional(),
  email: optionalText(EMAIL_RE, "邮箱格式不正确"),
  phone: optionalText(PHONE_RE, "手机号格式不正确"),
};

export const userAddInput = z.object({ ...userFields, role: role.default("User") });

/** Only the fields sent change: no defaults here, or an edit would silently reset the role. */
export const userUpdateInput = z
  .object({ ...userFields, role })
  .partial()
  .extend({ id: id().optional() });

export type UserListInput = z.infer<typeof userListInput>;
export type UserAddInput = z.infer<typeof userAddInput>;
export type UserUpdateInput = z.infer<typeof userUpdateInput>;
