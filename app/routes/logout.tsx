import { Form, Link, redirect } from "react-router";
import { endpoints } from "#contract/api";
import { AuthLayout } from "../components/auth/auth-layout";
import { Button, buttonClass } from "../components/ui/button";
import { forwardedCookies } from "../lib/api.server";
import { apiEnvelope } from "../lib/api-call.server";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/logout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "退出登录");

/** Expires the session cookie even when the backend no longer knows the token (already expired). */
const EXPIRED_TICKET = "ticket=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax";

export async function action({ request, context }: Route.ActionArgs) {
  const { headers } = await apiEnvelope(context, request, endpoints.auth.logout);
  const cookies = forwardedCookies(headers);
  if (!cookies.length) cookies.push(["Set-Cookie", EXPIRED_TICKET]);
  return redirect("/login", { headers: cookies });
}

/** Reached by link from the no-JavaScript menu: a GET must not sign anyone out, so it asks first. */
export default function LogoutPage() {
  return (
    <AuthLayout title="退出登录" subtitle="退出后需要重新登录才能继续使用。">
      <Form method="post" className="flex gap-3">
        <input type="hidden" name="intent" value="logout" />
        <Button type="submit" variant="danger">
          退出登录
        </Button>
        <Link to="/" className={buttonClass("secondary")}>
          取消
        </Link>
      </Form>
    </AuthLayout>
  );
}
