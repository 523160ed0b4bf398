import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { endpoints } from "#contract/api";
import { DIALOG_PARAMS, isUserIntent, type UserReply, userSchemas } from "../components/system/user-schemas";
import { tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";
import { pathOf } from "../lib/url";

const { system } = endpoints;
const statusEndpoints = { enable: system.userEnable, disable: system.userDisable, delete: system.userDelete };

/** Which field a uniqueness refusal ("邮箱已被使用") belongs under. */
function fieldOf(message: string) {
  if (message.includes("用户名")) return "userName";
  if (message.includes("邮箱")) return "email";
  if (message.includes("手机")) return "phone";
  if (message.includes("角色")) return "role";
  return undefined;
}

/** Every 用户管理 form posts here with an `intent`; success redirects with a toast, failure returns the reply. */
export async function userAction(context: AppLoadContext, request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isUserIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: userSchemas[intent] });
  const fail = (result: SubmissionResult<string[]>): UserReply => ({ intent, result });
  if (submission.status !== "success") return fail(submission.reply());
  const value = submission.value;
  const back = pathOf(request, DIALOG_PARAMS);
  const done = (message: string) => redirectWithToast(context, back, { type: "success", message });
  const refused = (message: string) => redirectWithToast(context, back, { type: "error", message });

  switch (value.intent) {
    case "add": {
      const { intent: _, ...user } = value;
      const res = await tryApiCall(context, request, system.userAdd, { body: user });
      return res.ok
        ? done(`已添加用户 ${value.userName}`)
        : fail(replyWithApiError(submission, res.error, fieldOf(res.error.message)));
    }
    case "edit": {
      const res = await tryApiCall(context, request, system.userUpdate, {
        params: { id: value.id },
        body: {
          id: value.id,
          // A generated user name may not be sent back unchanged, so it is sent only when edited.
          ...(value.userName !== value.currentUserName ? { userName: value.userName } : {}),
          nickName: value.nickName ?? "",
          email: value.email ?? "",
          phone: value.phone ?? "",
          role: value.role,
          ...(value.password ? { password: value.password } : {}),
        },
      });
      return res.ok
        ? done("用户信息已保存")
        : fail(replyWithApiError(submission, res.error, fieldOf(res.error.message)));
    }
    case "enable":
    case "disable":
    case "delete": {
      const res = await tryApiCall(context, request, statusEndpoints[value.intent], { params: { id: value.id } });
      const label = { enable: "已启用", disable: "已禁用，该用户的登录已失效", delete: "用户已删除" }[value.intent];
      return res.ok ? done(label) : refused(res.error.message);
    }
    case "send": {
      const res = await tryApiCall(context, request, system.messageSend, {
        body: {
          scope: value.scope,
          content: value.content,
          userIds: value.scope === "Private" && value.userId ? [value.userId] : undefined,
        },
      });
      return res.ok ? done("消息已发送") : fail(replyWithApiError(submission, res.error, "content"));
    }
  }
}
