import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { AccountTabs } from "../components/account/account-tabs";
import { PageHeader } from "../components/page-header";
import { Avatar } from "../components/ui/avatar";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Field, FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { useCurrentUser } from "../lib/current-user";
import { replyWithApiError } from "../lib/form.server";
import { displayName, formatDate } from "../lib/format";
import { firstInvalidField, requiredText } from "../lib/forms";
import { systemRoleLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "个人资料");

/** The backend's user-name rules (server/modules/auth/contract.ts), checked here first for quick feedback. */
const schema = z.object({
  intent: z.literal("update-profile"),
  nickName: requiredText("请输入昵称")
    .max(32, "最多 32 个字符")
    .refine((v) => !/^\d+$/.test(v), "不能全是数字"),
  userName: requiredText("请输入用户名")
    .min(2, "至少 2 个字符")
    .max(32, "最多 32 个字符")
    .regex(/^[A-Za-z0-9_\u4e00-\u9fa5-]+$/, "只能包含中文、字母、数字、下划线和短横线")
    .refine((v) => !/^\d+$/.test(v), "不能全是数字"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply();
  // Send only what changed: a code-registered account's generated name (user + 10 digits) is refused when
  // sent back, even unchanged, because the backend reserves that pattern for itself.
  const me = await apiCall(context, request, endpoints.auth.loginInfo);
  const { nickName, userName } = submission.value;
  const changes = { nickName, ...(userName !== me.userName ? { userName } : {}) };
  const saved = await tryApiCall(context, request, endpoints.auth.update, { body: changes });
  if (!saved.ok) {
    const field = saved.error.message.includes("用户名") ? "userName" : undefined;
    return replyWithApiError(submission, saved.error, field);
  }
  return redirectWithToast(context, "/profile", { type: "success", message: "个人资料已保存" });
}

export default function ProfilePage({ actionData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: `profile-${user.modified}`,
    lastResult: actionData,
    defaultValue: { nickName: user.nickName ?? "", userName: user.userName },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const focus = firstInvalidField(actionData);
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-4 md:p-8">
      <PageHeader title="设置" description="账号、邮箱、密码与外观" />
      <AccountTabs active="profile" />
      <div className="grid max-w-3xl gap-6">
        <Card>
          <div className="flex items-center gap-4">
            <Avatar name={displayName(user)} src={user.avatar} size="lg" />
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
              <dt className="text-gray-500">邮箱</dt>
              <dd>{user.email ?? "未绑定"}</dd>
              <dt className="text-gray-500">手机号</dt>
              <dd>{user.phone ?? "未绑定"}</dd>
              <dt className="text-gray-500">角色</dt>
              <dd>{systemRoleLabels[user.role]}</dd>
              <dt className="text-gray-500">注册时间</dt>
              <dd suppressHydrationWarning>{formatDate(user.created)}</dd>
            </dl>
          </div>
        </Card>
        <Card title="基本信息">
          <Form method="post" {...getFormProps(form)} className="flex max-w-md flex-col gap-4">
            <input type="hidden" name="intent" value="update-profile" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field label="昵称" field={fields.nickName}>
              <Input
                {...getInputProps(fields.nickName, { type: "text" })}
                maxLength={32}
                autoFocus={focus === "nickName"}
              />
            </Field>
            <Field label="用户名" field={fields.userName} hint="可用于登录；2–32 位中文、字母、数字、下划线或短横线">
              <Input
                {...getInputProps(fields.userName, { type: "text" })}
                maxLength={32}
                autoFocus={focus === "userName"}
              />
            </Field>
            <div>
              <Button type="submit" loading={busy}>
                保存
              </Button>
            </div>
          </Form>
        </Card>
        {user.resetPass === 0 ? (
          <Card title="登录密码" description="你还没有设置登录密码，目前只能用验证码登录。">
            <Link to="/set-password?redirect=%2Fprofile" className={buttonClass("secondary")}>
              设置登录密码
            </Link>
          </Card>
        ) : null}
        <Card title="退出登录" description="退出后需要重新登录才能继续使用。">
          <Form method="post" action="/logout">
            <input type="hidden" name="intent" value="logout" />
            <Button type="submit" variant="secondary">
              退出登录
            </Button>
          </Form>
        </Card>
      </div>
    </main>
  );
}
