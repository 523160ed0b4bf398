import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { AccountTabs } from "../components/account/account-tabs";
import { CodeInput } from "../components/account/code-input";
import { PageHeader } from "../components/page-header";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Field, FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { tryApiCall } from "../lib/api-call.server";
import { RESEND_AFTER_SECONDS, readNotice, saveNotice } from "../lib/code-notice.server";
import { useCurrentUser } from "../lib/current-user";
import { replyWithApiError } from "../lib/form.server";
import { EMAIL_RE, emailField, firstInvalidField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { useCountdown } from "../lib/use-countdown";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/account-email";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "邮箱绑定");

const sendSchema = z.object({ intent: z.literal("send-code"), email: emailField("请输入要绑定的邮箱") });
const bindSchema = z.object({
  intent: z.literal("bind"),
  email: emailField(),
  code: z
    .string({ error: "请输入验证码" })
    .trim()
    .regex(/^\d{6}$/, "请输入 6 位数字验证码"),
});

/** The address a code was sent to, carried in the URL so the second step works without JavaScript. */
const pendingEmail = (request: Request) => {
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase() ?? "";
  return EMAIL_RE.test(email) ? email : "";
};

export async function loader({ request }: Route.LoaderArgs) {
  const email = pendingEmail(request);
  const notice = email ? await readNotice(request, email) : null;
  const elapsed = notice ? Math.floor((Date.now() - notice.sentAt) / 1000) : RESEND_AFTER_SECONDS;
  return {
    email,
    message: notice?.message ?? null,
    sentAt: notice?.sentAt ?? null,
    resendIn: Math.max(0, RESEND_AFTER_SECONDS - elapsed),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === "send-code") {
    const submission = parseWithZod(formData, { schema: sendSchema });
    if (submission.status !== "success") return { intent: "send-code" as const, result: submission.reply() };
    const { email } = submission.value;
    const sent = await tryApiCall(context, request, endpoints.auth.codeSend, { body: { type: "BIND_EMAIL", email } });
    if (!sent.ok) return { intent: "send-code" as const, result: replyWithApiError(submission, sent.error, "email") };
    const cookie = await saveNotice(request, { target: email, message: sent.message, sentAt: Date.now() });
    return redirect(`/account/email?email=${encodeURIComponent(email)}`, { headers: { "Set-Cookie": cookie } });
  }
  const submission = parseWithZod(formData, { schema: bindSchema });
  if (submission.status !== "success") return { intent: "bind" as const, result: submission.reply() };
  const bound = await tryApiCall(context, request, endpoints.auth.emailBind, { body: submission.value });
  if (!bound.ok) {
    const field = bound.error.message.includes("邮箱") ? "email" : "code";
    return { intent: "bind" as const, result: replyWithApiError(submission, bound.error, field) };
  }
  return redirectWithToast(context, "/account/email", { type: "success", message: "邮箱已绑定" });
}

/** 设置 → 邮箱绑定: send a code to the new address, then enter it; the bound address also signs in. */
export default function AccountEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const { email, message, resendIn, sentAt } = loaderData;
  const sending = useSubmitting("send-code");
  const binding = useSubmitting("bind");
  const left = useCountdown(resendIn, sentAt);
  const [sendForm, sendFields] = useForm({
    id: "send-bind-code",
    lastResult: actionData?.intent === "send-code" ? actionData.result : null,
    defaultValue: { email: email || "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendSchema }),
  });
  const [bindForm, bindFields] = useForm({
    id: `bind-email-${email}`,
    lastResult: actionData?.intent === "bind" ? actionData.result : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bindSchema }),
  });
  const focus = firstInvalidField(actionData?.result);
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <PageHeader title="设置" description="账号、邮箱、密码与外观" />
      <AccountTabs active="email" />
      <Card
        title={user.email ? "更换邮箱" : "绑定邮箱"}
        description={user.email ? `当前绑定：${user.email}` : "绑定后可以用邮箱登录和接收验证码。"}
        className="max-w-xl"
      >
        <Form method="post" {...getFormProps(sendForm)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="send-code" />
          <FormErrors id={sendForm.errorId} errors={sendForm.errors} />
          <Field label="新邮箱" field={sendFields.email}>
            <div className="flex gap-2">
              <Input
                {...getInputProps(sendFields.email, { type: "email" })}
                autoComplete="email"
                placeholder="name@example.com"
                autoFocus={!email || focus === "email"}
                className="flex-1"
              />
              <Button
                type="submit"
                variant="secondary"
                loading={sending}
                disabled={Boolean(email) && left !== null && left > 0}
              >
                {email && left ? `${left} 秒后可重发` : email ? "重新发送" : "发送验证码"}
              </Button>
            </div>
          </Field>
        </Form>
        {email ? (
          <Form method="post" {...getFormProps(bindForm)} className="mt-6 flex flex-col gap-4">
            <input type="hidden" name="intent" value="bind" />
            <input type="hidden" name="email" value={email} />
            {message ? (
              <p
                role="status"
                className="rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-primary-700"
              >
                {message}
              </p>
            ) : null}
            <FormErrors id={bindForm.errorId} errors={bindForm.errors} />
            <Field label={`发送至 ${email} 的验证码`} field={bindFields.code} hint="5 分钟内有效">
              <CodeInput
                id={bindFields.code.id}
                name={bindFields.code.name}
                invalid={Boolean(bindFields.code.errors)}
                describedBy={bindFields.code.errorId}
                autoFocus
                onComplete={(form) => form?.requestSubmit()}
              />
            </Field>
            <div className="flex items-center gap-4">
              <Button type="submit" loading={binding}>
                绑定
              </Button>
              <Link to="/account/email" className="text-primary-700 hover:underline">
                换一个邮箱
              </Link>
            </div>
          </Form>
        ) : null}
      </Card>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
