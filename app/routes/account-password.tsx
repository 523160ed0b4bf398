import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { AccountTabs } from "../components/account/account-tabs";
import { PageHeader } from "../components/page-header";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Field, FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { tryApiCall } from "../lib/api-call.server";
import { useCurrentUser } from "../lib/current-user";
import { replyWithApiError } from "../lib/form.server";
import { firstInvalidField, passwordField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/account-password";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "重置密码");

const schema = z
  .object({
    intent: z.literal("change-password"),
    oldPassword: z.string({ error: "请输入当前密码" }),
    newPassword: passwordField("请输入新密码"),
    confirm: z.string({ error: "请再次输入新密码" }),
  })
  .refine((v) => v.newPassword === v.confirm, { message: "两次输入的密码不一致", path: ["confirm"] })
  .refine((v) => v.newPassword !== v.oldPassword, { message: "新密码不能与当前密码相同", path: ["newPassword"] });

const hidden = ["oldPassword", "newPassword", "confirm"];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: hidden });
  const { oldPassword, newPassword } = submission.value;
  const changed = await tryApiCall(context, request, endpoints.auth.passwordChange, {
    body: { oldPassword, newPassword },
  });
  if (!changed.ok) {
    const field = changed.error.message.includes("当前密码") ? "oldPassword" : undefined;
    return { ...replyWithApiError(submission, changed.error, field), initialValue: {} };
  }
  return redirectWithToast(context, "/account/password", { type: "success", message: changed.message });
}

/** 设置 → 重置密码: the current password, then the new one twice. */
export default function AccountPasswordPage({ actionData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const busy = useSubmitting("change-password");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const focus = firstInvalidField(actionData);
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <PageHeader title="设置" description="账号、邮箱、密码与外观" />
      <AccountTabs active="password" />
      {user.resetPass === 0 ? (
        <Card title="设置登录密码" description="你还没有设置登录密码，目前只能用验证码登录。" className="max-w-xl">
          <Link to="/set-password?redirect=%2Faccount%2Fpassword" className={buttonClass("secondary")}>
            设置登录密码
          </Link>
        </Card>
      ) : (
        <Card
          title="修改登录密码"
          description="修改后，其他设备上的登录会退出，当前设备保持登录。"
          className="max-w-xl"
        >
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="change-password" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field label="当前密码" field={fields.oldPassword}>
              <Input
                {...getInputProps(fields.oldPassword, { type: "password" })}
                autoComplete="current-password"
                autoFocus={focus === "oldPassword"}
              />
            </Field>
            <Field label="新密码" field={fields.newPassword} hint="至少 8 位，不能是常见密码">
              <Input
                {...getInputProps(fields.newPassword, { type: "password" })}
                autoComplete="new-password"
                autoFocus={focus === "newPassword"}
              />
            </Field>
            <Field label="确认新密码" field={fields.confirm}>
              <Input
                {...getInputProps(fields.confirm, { type: "password" })}
                autoComplete="new-password"
                autoFocus={focus === "confirm"}
              />
            </Field>
            <div>
              <Button type="submit" loading={busy}>
                修改密码
              </Button>
            </div>
          </Form>
        </Card>
      )}
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
