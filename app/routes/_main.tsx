import { Outlet, useLocation, useNavigation, useRouteError, useRouteLoaderData } from "react-router";
import { endpoints } from "#contract/api";
import { ErrorView } from "../components/error-view";
import { Rail } from "../components/layout/rail";
import { EventPoller } from "../components/notify/event-poller";
import { NotifyBell } from "../components/notify/notify-bell";
import { PageSkeleton } from "../components/ui/skeleton";
import { apiCall } from "../lib/api-call.server";
import type { Route } from "./+types/_main";

/** Every signed-in page passes here: no session (or an expired one) goes to /login?redirect=<this page>. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, unread] = await Promise.all([
    apiCall(context, request, endpoints.auth.loginInfo),
    apiCall(context, request, endpoints.notify.unreadCount),
  ]);
  return { user, unread };
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  // Another page is on its way (not a new filter or page number of this one): hold its place with a skeleton.
  const switching = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <div className="flex h-dvh flex-col md:flex-row">
      <Rail user={loaderData.user}>
        <NotifyBell unread={loaderData.unread} />
      </Rail>
      <EventPoller />
      <div className="relative flex min-h-0 min-w-0 flex-1" aria-busy={switching || undefined}>
        <Outlet />
        {switching ? <PageSkeleton /> : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_main");
  return (
    <div className="flex h-dvh flex-col md:flex-row">
      {data ? (
        <Rail user={data.user}>
          <NotifyBell unread={data.unread} />
        </Rail>
      ) : null}
      <ErrorView error={error} />
    </div>
  );
}
