import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { CodeInput } from "../components/account/code-input";
import { AuthLayout } from "../components/auth/auth-layout";
import { Button } from "../components/ui/button";
import { Field, FormErrors } from "../components/ui/field";
import { forwardedCookies, safeRedirect } from "../lib/api.server";
import { tryApiCall } from "../lib/api-call.server";
import { clearNotice, RESEND_AFTER_SECONDS, readNotice, saveNotice } from "../lib/code-notice.server";
import { EMAIL_RE } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { useCountdown } from "../lib/use-countdown";
import type { Route } from "./+types/verify-code";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "输入验证码");

const verifySchema = z.object({
  intent: z.literal("verify"),
  code: z
    .string({ error: "请输入验证码" })
    .trim()
    .regex(/^\d{6}$/, "请输入 6 位数字验证码"),
});

function readTarget(request: Request) {
  const url = new URL(request.url);
  return { target: url.searchParams.get("target")?.trim() ?? "", redirectTo: url.searchParams.get("redirect") };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { target, redirectTo } = readTarget(request);
  if (!target) throw redirect("/login?tab=code");
  const notice = await readNotice(request, target);
  const elapsed = notice ? Math.floor((Date.now() - notice.sentAt) / 1000) : RESEND_AFTER_SECONDS;
  return {
    target,
    redirectTo: safeRedirect(redirectTo, ""),
    message: notice?.message ?? null,
    sentAt: notice?.sentAt ?? null,
    resendIn: Math.max(0, RESEND_AFTER_SECONDS - elapsed),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { target, redirectTo } = readTarget(request);
  if (!target) throw redirect("/login?tab=code");
  const formData = await request.formData();

  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: z.object({ intent: z.literal("resend") }) });
    const type = "LOGIN_OR_REGISTER";
    const sent = await tryApiCall(context, request, endpoints.auth.codeSend, {
      body: EMAIL_RE.test(target) ? { type, email: target } : { type, phone: target },
    });
    if (!sent.ok) return { intent: "resend" as const, result: submission.reply({ formErrors: [sent.error.message] }) };
    const cookie = await saveNotice(request, { target, message: sent.message, sentAt: Date.now() });
    return redirect(new URL(request.url).pathname + new URL(request.url).search, { headers: { "Set-Cookie": cookie } });
  }

  const submission = parseWithZod(formData, { schema: verifySchema });
  if (submission.status !== "success") return { intent: "verify" as const, result: submission.reply() };
  const login = await tryApiCall(context, request, endpoints.auth.codeLogin, {
    body: { phoneOrEmail: target, code: submission.value.code },
  });
  if (!login.ok) {
    return {
      intent: "verify" as const,
      result: submission.reply({ fieldErrors: { code: [login.error.message] } }),
    };
  }
  const back = safeRedirect(redirectTo);
  // A first sign-in by code leaves the account without a password: offer to set one (resetPass 0).
  const next = login.data.resetPass === 0 ? `/set-password?redirect=${encodeURIComponent(back)}` : back;
  const headers = new Headers(forwardedCookies(login.headers));
  headers.append("Set-Cookie", await clearNotice(request));
  return redirect(next, { headers });
}

export default function VerifyCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { target, message, redirectTo, resendIn, sentAt } = loaderData;
  const navigation = useNavigation();
  const submittingIntent = navigation.formData?.get("intent");
  const [form, fields] = useForm({
    id: "verify-code",
    lastResult: actionData?.intent === "verify" ? actionData.result : null,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifySchema }),
  });
  const resendErrors = actionData?.intent === "resend" ? (actionData.result.error?.[""] ?? undefined) : undefined;
  const left = useCountdown(resendIn, sentAt);
  const backToLogin = `/login?tab=code${redirectTo ? `&redirect=${encodeURIComponent(redirectTo)}` : ""}`;

  return (
    <AuthLayout title="输入验证码" subtitle={<>请输入发送至 {target} 的 6 位验证码，5 分钟内有效</>}>
      {message ? (
        <p role="status" className="rounded-md border border-primary-200 bg-primary-50 px-3 py-2 text-primary-700">
          {message}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="verify" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="验证码" field={fields.code}>
          <CodeInput
            id={fields.code.id}
            name={fields.code.name}
            invalid={Boolean(fields.code.errors)}
            describedBy={fields.code.errorId}
            autoFocus
            // With JavaScript the code submits itself once all six digits are in.
            onComplete={(form) => form?.requestSubmit()}
          />
        </Field>
        <Button type="submit" loading={submittingIntent === "verify"} className="w-full">
          登录
        </Button>
      </Form>
      <Form method="post" className="flex items-center justify-between gap-3">
        <input type="hidden" name="intent" value="resend" />
        <Link to={backToLogin} className="text-primary-700 hover:underline">
          更换{EMAIL_RE.test(target) ? "邮箱" : "手机号"}
        </Link>
        <Button
          type="submit"
          variant="ghost"
          size="sm"
          loading={submittingIntent === "resend"}
          disabled={left !== null && left > 0}
        >
          {left ? `${left} 秒后可重新发送` : "重新发送"}
        </Button>
      </Form>
      <FormErrors errors={resendErrors} />
    </AuthLayout>
  );
}
