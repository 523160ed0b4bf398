import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { CodeInput } from "../components/account/code-input";
import { AuthLayout } from "../components/auth/auth-layout";
import { Button } from "../components/ui/button";
import { Field, FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { tryApiCall } from "../lib/api-call.server";
import { clearNotice, readNotice, saveNotice } from "../lib/code-notice.server";
import { replyWithApiError } from "../lib/form.server";
import { EMAIL_RE, emailField, firstInvalidField, passwordField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "忘记密码");

const sendSchema = z.object({ intent: z.literal("send-code"), email: emailField("请输入账号绑定的邮箱") });
const resetSchema = z
  .object({
    intent: z.literal("reset"),
    code: z
      .string({ error: "请输入验证码" })
      .trim()
      .regex(/^\d{6}$/, "请输入 6 位数字验证码"),
    newPassword: passwordField("请输入新密码"),
    confirm: z.string({ error: "请再次输入新密码" }),
  })
  .refine((v) => v.newPassword === v.confirm, { message: "两次输入的密码不一致", path: ["confirm"] });

/** The backend's answer when no mail server is set: codes cannot prove who owns an existing account then. */
const NO_MAIL = "未配置邮件服务";

const pendingEmail = (request: Request) => {
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase() ?? "";
  return EMAIL_RE.test(email) ? email : "";
};

export async function loader({ request }: Route.LoaderArgs) {
  const email = pendingEmail(request);
  const notice = email ? await readNotice(request, email) : null;
  return { email, message: notice?.message ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "send-code") {
    const submission = parseWithZod(formData, { schema: sendSchema });
    if (submission.status !== "success") return { intent: "send-code" as const, result: submission.reply() };
    const { email } = submission.value;
    const sent = await tryApiCall(context, request, endpoints.auth.codeSend, {
      body: { type: "RESET_PASSWORD", email },
    });
    if (!sent.ok) {
      const noMail = sent.error.message.includes(NO_MAIL);
      return { intent: "send-code" as const, noMail, result: replyWithApiError(submission, sent.error) };
    }
    const cookie = await saveNotice(request, { target: email, message: sent.message, sentAt: Date.now() });
    return redirect(`/forgot-password?email=${encodeURIComponent(email)}`, { headers: { "Set-Cookie": cookie } });
  }
  const email = pendingEmail(request);
  if (!email) return redirect("/forgot-password");
  const submission = parseWithZod(formData, { schema: resetSchema });
  if (submission.status !== "success") {
    return { intent: "reset" as const, result: submission.reply({ hideFields: ["newPassword", "confirm"] }) };
  }
  const { code, newPassword } = submission.value;
  const reset = await tryApiCall(context, request, endpoints.auth.passwordReset, {
    body: { phoneOrEmail: email, code, newPassword },
  });
  if (!reset.ok) {
    const field = reset.error.message.includes("验证码") ? "code" : undefined;
    return { intent: "reset" as const, result: replyWithApiError(submission, reset.error, field) };
  }
  return redirectWithToast(context, "/login", { type: "success", message: "密码已重置，请用新密码登录" }, [
    ["Set-Cookie", await clearNotice(request)],
  ]);
}

/** 忘记密码: a code by mail, then a new password; without a mail server, whom to ask instead. */
export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, message } = loaderData;
  const noMail = actionData?.intent === "send-code" && actionData.noMail;
  return (
    <AuthLayout
      title="忘记密码"
      subtitle={email ? <>验证码已发送至 {email}，5 分钟内有效</> : "输入账号绑定的邮箱，我们会发送验证码帮你重设密码"}
    >
      {noMail ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-warning-500/40 bg-warning-50 px-4 py-3"
        >
          <p className="font-medium text-gray-900">本站没有配置邮件服务，无法通过邮件找回密码</p>
          <p className="text-gray-600">
            请联系管理员在「系统管理 → 用户管理」中为你重设密码；如果你还记得密码，也可以直接登录后在「设置 →
            重置密码」中修改。
          </p>
        </div>
      ) : null}
      {email ? (
        <ResetForm
          email={email}
          message={message}
          lastResult={actionData?.intent === "reset" ? actionData.result : null}
        />
      ) : (
        <SendForm lastResult={actionData?.intent === "send-code" && !noMail ? actionData.result : null} />
      )}
      <p className="flex justify-between text-gray-500">
        {email ? (
          <Link to="/forgot-password" className="text-primary-700 hover:underline">
            换一个邮箱
          </Link>
        ) : (
          <span />
        )}
        <Link to="/login" className="text-primary-700 hover:underline">
          返回登录
        </Link>
      </p>
    </AuthLayout>
  );
}

type Reply = NonNullable<Route.ComponentProps["actionData"]>["result"] | null;

function SendForm({ lastResult }: { lastResult: Reply }) {
  const busy = useSubmitting("send-code");
  const [form, fields] = useForm({
    id: "forgot-send",
    lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="send-code" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="邮箱" field={fields.email}>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          placeholder="请输入账号绑定的邮箱"
          autoFocus
        />
      </Field>
      <Button type="submit" loading={busy} className="w-full">
        发送验证码
      </Button>
    </Form>
  );
}

function ResetForm({ email, message, lastResult }: { email: string; message: string | null; lastResult: Reply }) {
  const busy = useSubmitting("reset");
  const [form, fields] = useForm({
    id: `forgot-reset-${email}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
  });
  const focus = firstInvalidField(lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="reset" />
      {message ? (
        <p role="status" className="rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-primary-700">
          {message}
        </p>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="验证码" field={fields.code}>
        <CodeInput
          id={fields.code.id}
          name={fields.code.name}
          invalid={Boolean(fields.code.errors)}
          describedBy={fields.code.errorId}
          autoFocus={focus === undefined || focus === "code"}
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
      <Button type="submit" loading={busy} className="w-full">
        重设密码
      </Button>
    </Form>
  );
}
