import { userRoles, userStatuses } from "../enums";
import { pageSchema } from "../page";
import { newPassword } from "../password";
import { id, z } from "../zod";
import { EMAIL_RE, PHONE_RE, userNameSchema } from "./auth";
import { endpoint, nothing } from "./endpoint";
import { sendMessageInput } from "./notify";
import { configItemDto } from "./system-dto";

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
  userName: userNameSchema,
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

/** The tenant settings to store, by name; each is checked against the settings' schema by the service. */
export const configInput = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => Object.keys(v).length <= 100, "配置项过多");

export const adminUserDto = z.object({
  id: z.number().int(),
  uid: z.string(),
  userName: z.string(),
  nickName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(userRoles),
  status: z.enum(userStatuses),
  lastLoginTime: z.iso.datetime({ offset: true }).nullable(),
  created: z.iso.datetime({ offset: true }),
});

/** /api/system/user/* and /api/system/config/*: for system administrators only. */
export const system = {
  userList: endpoint({
    method: "POST",
    path: "/api/system/user/list",
    body: userListInput,
    response: pageSchema(adminUserDto),
  }),
  userAdd: endpoint({ method: "POST", path: "/api/system/user/add", body: userAddInput, response: z.number().int() }),
  userUpdate: endpoint({
    method: "POST",
    path: "/api/system/user/updateById/:id",
    body: userUpdateInput,
    response: nothing,
  }),
  userEnable: endpoint({ method: "POST", path: "/api/system/user/enable/:id", response: nothing }),
  userDisable: endpoint({ method: "POST", path: "/api/system/user/disable/:id", response: nothing }),
  userDelete: endpoint({ method: "POST", path: "/api/system/user/delete/:id", response: nothing }),
  messageSend: endpoint({
    method: "POST",
    path: "/api/system/user/notify/message/send",
    body: sendMessageInput,
    response: nothing,
  }),
  configList: endpoint({ method: "POST", path: "/api/system/config/list", response: z.array(configItemDto) }),
  configAdd: endpoint({ method: "POST", path: "/api/system/config/add", body: configInput, response: nothing }),
  configSave: endpoint({ method: "POST", path: "/api/system/config/save", body: configInput, response: nothing }),
};
