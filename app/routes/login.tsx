import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { passwordLoginInput } from "#contract/api/auth";
import { AuthLayout } from "../components/auth/auth-layout";
import { Button } from "../components/ui/button";
import { Field, FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { Tabs } from "../components/ui/tabs";
import { forwardedCookies, safeRedirect } from "../lib/api.server";
import { tryApiCall } from "../lib/api-call.server";
import { saveNotice } from "../lib/code-notice.server";
import { emailField, firstInvalidField, loginPasswordField, phoneField, required, signsInByEmail } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { getTenantConfig } from "../lib/tenant.server";
import { useSubmitting } from "../lib/use-submitting";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "登录");

function passwordSchema(byEmail: boolean) {
  return z.object({
    intent: z.literal("password"),
    phoneOrEmail: required(
      byEmail ? "请输入邮箱或用户名" : "请输入手机号或用户名",
      passwordLoginInput.shape.phoneOrEmail.unwrap(),
    ),
    password: loginPasswordField(),
  });
}

function codeSchema(byEmail: boolean) {
  return z.object({
    intent: z.literal("code"),
    target: byEmail ? emailField() : phoneField(),
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"), "");
  return { tab: url.searchParams.get("tab") === "code" ? ("code" as const) : ("password" as const), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  const byEmail = signsInByEmail(await getTenantConfig(context, request));

  if (formData.get("intent") === "code") {
    const submission = parseWithZod(formData, { schema: codeSchema(byEmail) });
    if (submission.status !== "success") return { intent: "code" as const, result: submission.reply() };
    const target = submission.value.target;
    const type = "LOGIN_OR_REGISTER";
    const sent = await tryApiCall(context, request, endpoints.auth.codeSend, {
      body: byEmail ? { type, email: target } : { type, phone: target },
    });
    if (!sent.ok) {
      return { intent: "code" as const, result: submission.reply({ fieldErrors: { target: [sent.error.message] } }) };
    }
    // The message is what the user must see next: "验证码已发送", or the code itself when no mail server exists.
    const cookie = await saveNotice(request, { target, message: sent.message, sentAt: Date.now() });
    const query = new URLSearchParams({ target });
    if (redirectTo !== "/") query.set("redirect", redirectTo);
    return redirect(`/verify-code?${query}`, { headers: { "Set-Cookie": cookie } });
  }

  const submission = parseWithZod(formData, { schema: passwordSchema(byEmail) });
  if (submission.status !== "success") return { intent: "password" as const, result: submission.reply() };
  const login = await tryApiCall(context, request, endpoints.auth.passwordLogin, {
    body: { phoneOrEmail: submission.value.phoneOrEmail, password: submission.value.password, areaCode: "86" },
  });
  if (!login.ok) {
    return {
      intent: "password" as const,
      result: submission.reply({ formErrors: [login.error.message], hideFields: ["password"] }),
    };
  }
  const next = login.data.resetPass === 0 ? `/set-password?redirect=${encodeURIComponent(redirectTo)}` : redirectTo;
  return redirect(next, { headers: forwardedCookies(login.headers) });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const tenant = useRouteLoaderData<typeof rootLoader>("root")?.tenant;
  const byEmail = tenant ? signsInByEmail(tenant) : true;
  const { tab, redirectTo } = loaderData;
  const keep = redirectTo ? `redirect=${encodeURIComponent(redirectTo)}` : "";
  return (
    <AuthLayout title="欢迎登录" subtitle={tenant?.siteDescription}>
      <Tabs
        label="登录方式"
        active={tab}
        items={[
          { key: "password", label: "密码登录", to: `/login${keep ? `?${keep}` : ""}` },
          {
            key: "code",
            label: tenant?.openRegister ? "验证码登录/注册" : "验证码登录",
            to: `/login?tab=code${keep ? `&${keep}` : ""}`,
          },
        ]}
      />
      {tab === "password" ? (
        <PasswordForm byEmail={byEmail} lastResult={actionData?.intent === "password" ? actionData.result : null} />
      ) : (
        <CodeForm
          byEmail={byEmail}
          openRegister={tenant?.openRegister === 1}
          lastResult={actionData?.intent === "code" ? actionData.result : null}
        />
      )}
    </AuthLayout>
  );
}

type Reply = NonNullable<Route.ComponentProps["actionData"]>["result"] | null;

function PasswordForm({ byEmail, lastResult }: { byEmail: boolean; lastResult: Reply }) {
  const busy = useSubmitting("password");
  const [form, fields] = useForm({
    id: "password-login",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema(byEmail) }),
  });
  const focus = firstInvalidField(lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="password" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={byEmail ? "邮箱 / 用户名" : "手机号 / 用户名"} field={fields.phoneOrEmail}>
        <Input
          {...getInputProps(fields.phoneOrEmail, { type: "text" })}
          autoComplete="username"
          placeholder={byEmail ? "请输入邮箱或用户名" : "请输入手机号或用户名"}
          autoFocus={focus === undefined || focus === "phoneOrEmail"}
        />
      </Field>
      <Field label="密码" field={fields.password}>
        <Input
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="current-password"
          placeholder="请输入密码"
          autoFocus={focus === "password"}
        />
      </Field>
      <Link
        to="/forgot-password"
        // No focus change on press: leaving an empty field would show its error and move this link mid-click.
        onMouseDown={(e) => e.preventDefault()}
        className="-mt-2 self-end text-[13px] text-primary-700 hover:underline"
      >
        忘记密码？
      </Link>
      <Button type="submit" loading={busy} className="w-full">
        登录
      </Button>
    </Form>
  );
}

function CodeForm({
  byEmail,
  openRegister,
  lastResult,
}: {
  byEmail: boolean;
  openRegister: boolean;
  lastResult: Reply;
}) {
  const busy = useSubmitting("code");
  const [form, fields] = useForm({
    id: "code-login",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema(byEmail) }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="code" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field
        label={byEmail ? "邮箱" : "手机号"}
        field={fields.target}
        hint={openRegister ? "未注册的账号验证后将自动注册" : undefined}
      >
        <Input
          {...getInputProps(fields.target, { type: byEmail ? "email" : "tel" })}
          autoComplete={byEmail ? "email" : "tel"}
          placeholder={byEmail ? "请输入邮箱" : "请输入手机号"}
          autoFocus
        />
      </Field>
      <Button type="submit" loading={busy} className="w-full">
        获取验证码
      </Button>
    </Form>
  );
}
