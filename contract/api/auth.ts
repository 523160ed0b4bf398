import { userRoles, verifyCodeTypes } from "../enums";
import { newPassword } from "../password";
import { safeUrl } from "../safe-url";
import { z } from "../zod";
import { userDto } from "./auth-dto";
import { endpoint, nothing } from "./endpoint";

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const password = newPassword();
const identifier = z.string().trim().min(1, "不能为空").max(100, "最多 100 个字符");
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "必须是 6 位数字");

/** The original clients send `phoneOrEmail`, older ones `phone`; either names the account. */
export const passwordLoginInput = z
  .object({
    phoneOrEmail: identifier.optional(),
    phone: identifier.optional(),
    password: z.string().min(1, "不能为空").max(128),
    areaCode: z.string().max(8).optional(),
    captchaVerifyParam: z.string().max(2000).optional(),
  })
  .refine((v) => v.phoneOrEmail || v.phone, { message: "不能为空", path: ["phoneOrEmail"] });

export const sendCodeInput = z.object({
  type: z.enum(verifyCodeTypes, { error: "必须是 LOGIN_OR_REGISTER、RESET_PASSWORD 或 BIND_EMAIL" }),
  phone: z.string().trim().regex(PHONE_RE, "手机号格式不正确").optional(),
  email: z.string().trim().max(100, "最多 100 个字符").regex(EMAIL_RE, "邮箱格式不正确").optional(),
  captchaVerifyParam: z.string().max(2000).optional(),
});

export const codeLoginInput = z
  .object({
    phoneOrEmail: identifier.optional(),
    phone: identifier.optional(),
    email: identifier.optional(),
    code,
  })
  .refine((v) => v.phoneOrEmail || v.phone || v.email, { message: "不能为空", path: ["phoneOrEmail"] });

export const setPasswordInput = z.object({ password });

export const resetPasswordInput = z.object({
  newPassword: password,
  code,
  phoneOrEmail: identifier.optional(),
});

/** Changing a known password: the current one proves it is the owner at the keyboard, not a left-open session. */
export const changePasswordInput = z
  .object({
    oldPassword: z.string().min(1, "不能为空").max(128, "最多 128 位"),
    newPassword: password,
  })
  .refine((v) => v.oldPassword !== v.newPassword, { message: "不能与当前密码相同", path: ["newPassword"] });

export const bindEmailInput = z
  .object({
    email: z.string().trim().max(100, "最多 100 个字符").regex(EMAIL_RE, "邮箱格式不正确").optional(),
    phone: z.string().trim().regex(PHONE_RE, "手机号格式不正确").optional(),
    code,
  })
  .refine((v) => v.email || v.phone, { message: "不能为空", path: ["email"] });

/** A user name: what people sign in with, so never all digits (that would read as a phone number). */
export const userNameSchema = z
  .string()
  .trim()
  .min(2, "至少 2 个字符")
  .max(32, "最多 32 个字符")
  .regex(/^[A-Za-z0-9_\u4e00-\u9fa5-]+$/, "只能包含中文、字母、数字、下划线和短横线")
  .refine((v) => !/^\d+$/.test(v), "不能全是数字");

export const updateUserInput = z.object({
  userName: userNameSchema.optional(),
  nickName: z
    .string()
    .trim()
    .min(1, "不能为空")
    .max(32, "最多 32 个字符")
    .refine((v) => !/^\d+$/.test(v), "不能全是数字")
    .optional(),
  avatar: safeUrl().optional(),
});

export const searchUserInput = z.object({ kw: z.string().trim().min(1, "不能为空").max(50) });

export type PasswordLoginInput = z.infer<typeof passwordLoginInput>;
export type SendCodeInput = z.infer<typeof sendCodeInput>;
export type CodeLoginInput = z.infer<typeof codeLoginInput>;
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
export type BindEmailInput = z.infer<typeof bindEmailInput>;
export type UpdateUserInput = z.infer<typeof updateUserInput>;

/** A signed-in session; `redirect` echoes the login page's `redirect=` when it is a path on this site. */
export const loginResultSchema = z.object({
  token: z.string(),
  expireDate: z.iso.datetime({ offset: true }),
  resetPass: z.number().int(),
  redirect: z.string().nullable(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A user as search results and member pickers show them. */
export const userBriefDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  userName: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  role: z.enum(userRoles),
});
export type UserBrief = z.infer<typeof userBriefDto>;

/** /api/user/*: signing in and out, codes, passwords and the caller's own profile. */
export const auth = {
  passwordLogin: endpoint({
    method: "POST",
    path: "/api/user/passwordLogin",
    body: passwordLoginInput,
    response: loginResultSchema,
  }),
  codeSend: endpoint({ method: "POST", path: "/api/user/code/send", body: sendCodeInput, response: nothing }),
  codeLogin: endpoint({
    method: "POST",
    path: "/api/user/codeLogin",
    body: codeLoginInput,
    response: loginResultSchema,
  }),
  passwordSet: endpoint({ method: "POST", path: "/api/user/password/set", body: setPasswordInput, response: nothing }),
  passwordReset: endpoint({
    method: "POST",
    path: "/api/user/password/reset",
    body: resetPasswordInput,
    response: nothing,
  }),
  passwordChange: endpoint({
    method: "POST",
    path: "/api/user/password/change",
    body: changePasswordInput,
    response: nothing,
  }),
  logout: endpoint({ method: "POST", path: "/api/user/logout", response: nothing }),
  emailBind: endpoint({ method: "POST", path: "/api/user/email/bind", body: bindEmailInput, response: nothing }),
  update: endpoint({ method: "POST", path: "/api/user/update", body: updateUserInput, response: nothing }),
  loginInfo: endpoint({ method: "GET", path: "/api/user/getLoginInfo", response: userDto }),
  search: endpoint({
    method: "POST",
    path: "/api/user/search",
    body: searchUserInput,
    response: z.array(userBriefDto),
  }),
};
