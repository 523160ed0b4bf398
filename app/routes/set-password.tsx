import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { AuthLayout } from "../components/auth/auth-layout";
import { Button } from "../components/ui/button";
import { Field, FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import { safeRedirect } from "../lib/api.server";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { firstInvalidField, passwordField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "设置密码");

const schema = z
  .object({
    intent: z.literal("set-password"),
    password: passwordField(),
    confirm: z.string({ error: "请再次输入密码" }),
  })
  .refine((v) => v.password === v.confirm, { message: "两次输入的密码不一致", path: ["confirm"] });

const target = (request: Request) => safeRedirect(new URL(request.url).searchParams.get("redirect"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await apiCall(context, request, endpoints.auth.loginInfo);
  // Only accounts that never chose a password may set one here; others change it by reset.
  if (user.resetPass !== 0) throw redirect(target(request));
  return { account: user.email ?? user.phone ?? user.userName, next: target(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply({ hideFields: ["password", "confirm"] });
  const saved = await tryApiCall(context, request, endpoints.auth.passwordSet, {
    body: { password: submission.value.password },
  });
  if (!saved.ok) return replyWithApiError(submission, saved.error);
  return redirectWithToast(context, target(request), { type: "success", message: "密码已设置，下次可以用密码登录" });
}

export default function SetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting("set-password");
  const [form, fields] = useForm({
    id: "set-password",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const focus = firstInvalidField(actionData);
  return (
    <AuthLayout title="设置密码" subtitle={<>为账号 {loaderData.account} 设置登录密码，之后可以用密码登录</>}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="set-password" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="密码" field={fields.password} hint="至少 8 位，不能是常见密码">
          <Input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="new-password"
            autoFocus={focus === undefined || focus === "password"}
          />
        </Field>
        <Field label="确认密码" field={fields.confirm}>
          <Input
            {...getInputProps(fields.confirm, { type: "password" })}
            autoComplete="new-password"
            autoFocus={focus === "confirm"}
          />
        </Field>
        <Button type="submit" loading={busy} className="w-full">
          确定
        </Button>
      </Form>
      <p className="flex justify-between text-gray-500">
        <Link to={loaderData.next} className="text-primary-700 hover:underline">
          暂不设置
        </Link>
        <Link to="/login" className="text-primary-700 hover:underline">
          返回登录
        </Link>
      </p>
    </AuthLayout>
  );
}
