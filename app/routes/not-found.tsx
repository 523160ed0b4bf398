import { FileQuestion } from "lucide-react";
import { data, Link } from "react-router";
import { endpoints } from "#contract/api";
import { Rail } from "../components/layout/rail";
import { NotifyBell } from "../components/notify/notify-bell";
import { buttonClass } from "../components/ui/button";
import { apiEnvelope } from "../lib/api-call.server";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "页面不存在");

/** Any unknown address answers 404; a signed-in visitor keeps the rail, so the way on is one click away. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The envelope, not the redirecting call: an anonymous visitor gets the 404 too, not the login page.
  const me = await apiEnvelope(context, request, endpoints.auth.loginInfo);
  if (me.envelope.code !== "0000") return data({ user: null, unread: 0 }, { status: 404 });
  const unread = await apiEnvelope(context, request, endpoints.notify.unreadCount);
  const user = me.envelope.data;
  return data({ user, unread: unread.envelope.code === "0000" ? unread.envelope.data : 0 }, { status: 404 });
}

function NotFound() {
  return (
    <main className="flex flex-1 items-center justify-center p-8">
      <div className="flex flex-col items-center gap-3 text-center">
        <FileQuestion className="size-12 text-gray-300" aria-hidden strokeWidth={1.5} />
        <h1 className="font-semibold text-xl">页面不存在</h1>
        <p className="text-gray-600">你访问的页面不存在，可能已被删除或地址有误。</p>
        <Link to="/" className={buttonClass("primary", "md", "mt-2")}>
          返回首页
        </Link>
      </div>
    </main>
  );
}

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.user) {
    return (
      <div className="flex min-h-screen">
        <NotFound />
      </div>
    );
  }
  return (
    <div className="flex h-dvh flex-col md:flex-row">
      <Rail user={loaderData.user}>
        <NotifyBell unread={loaderData.unread} />
      </Rail>
      <NotFound />
    </div>
  );
}
