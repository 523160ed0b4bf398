import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { listUsers } from "../../../server/modules/system/user-service";
import { EMAIL_RE, idField, PHONE_RE, requiredText } from "../../lib/forms";

export type UserPage = Awaited<ReturnType<typeof listUsers>>;
export type AdminUser = UserPage["records"][number];

/** The backend's rules (server/modules/system/contract.ts), checked here first for quick feedback. */
const userFields = {
  userName: requiredText("请输入用户名")
    .min(2, "至少 2 个字符")
    .max(32, "最多 32 个字符")
    .regex(/^[A-Za-z0-9_\u4e00-\u9fa5-]+$/, "只能包含中文、字母、数字、下划线和短横线")
    .refine((v) => !/^\d+$/.test(v), "不能全是数字"),
  nickName: z.string().trim().max(32, "最多 32 个字符").optional(),
  password: z.string().min(8, "至少 8 位").max(64, "最多 64 位").optional(),
  email: z.string().trim().regex(EMAIL_RE, "邮箱格式不正确").optional(),
  phone: z.string().trim().regex(PHONE_RE, "手机号格式不正确").optional(),
  role: z.enum(["User", "Admin"], { error: "请选择角色" }),
};

/** 用户管理 forms, one per `intent`. */
export const userSchemas = {
  add: z.object({ intent: z.literal("add"), ...userFields }),
  edit: z.object({ intent: z.literal("edit"), id: idField(), currentUserName: z.string(), ...userFields }),
  enable: z.object({ intent: z.literal("enable"), id: idField() }),
  disable: z.object({ intent: z.literal("disable"), id: idField() }),
  delete: z.object({ intent: z.literal("delete"), id: idField() }),
  send: z
    .object({
      intent: z.literal("send"),
      scope: z.enum(["Broadcast", "Private"], { error: "请选择接收范围" }),
      userId: idField().optional(),
      content: requiredText("请输入消息内容").min(1, "请输入消息内容").max(2000, "最多 2000 个字符"),
    })
    .refine((v) => v.scope === "Broadcast" || v.userId, { message: "请选择接收的用户", path: ["scope"] }),
};

export type UserIntent = keyof typeof userSchemas;

export const isUserIntent = (value: unknown): value is UserIntent =>
  typeof value === "string" && Object.hasOwn(userSchemas, value);

export interface UserReply {
  intent: UserIntent;
  result: SubmissionResult<string[]>;
}
