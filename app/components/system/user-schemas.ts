import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField, required } from "#app/lib/forms";
import type { endpoints, ResponseOf } from "#contract/api";
import { type SendMessageInput, sendMessageInput } from "#contract/api/notify";
import { userAddInput } from "#contract/api/system";
import { userRoles } from "#contract/enums";

export type UserPage = ResponseOf<typeof endpoints.system.userList>;
export type AdminUser = UserPage["records"][number];

/** The contract's rules for a user (contract/api/system.ts), with the form's words for empty fields. */
const rules = userAddInput.shape;
const userFields = {
  userName: required("请输入用户名", rules.userName),
  nickName: rules.nickName,
  password: rules.password,
  email: rules.email,
  phone: rules.phone,
  role: z.enum(userRoles, { error: "请选择角色" }),
};

/** The scopes an administrator picks from (System messages are the server's own). */
const sendScopes = ["Broadcast", "Private"] as const satisfies readonly SendMessageInput["scope"][];

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
      scope: z.enum(sendScopes, { error: "请选择接收范围" }),
      userId: idField().optional(),
      content: required("请输入消息内容", sendMessageInput.shape.content),
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

/** Query parameters of 用户管理 that only open a form or a confirmation; dropped once the action is done. */
export const DIALOG_PARAMS = ["dialog", "edit", "userId", "confirm"];
