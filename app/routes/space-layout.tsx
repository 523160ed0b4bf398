import { Navigate, Outlet, redirect, useLocation } from "react-router";
import { endpoints } from "#contract/api";
import { PanelDrawer } from "../components/layout/panel-drawer";
import { SpacePanel } from "../components/space/space-panel";
import { apiCall } from "../lib/api-call.server";
import { listSpaces } from "../lib/space.server";
import { developmentHidden, isDevelopmentPath, spaceHome } from "../lib/space-permissions";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/space-layout";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const spaces = await listSpaces(context, request);
  // The caller's own spaces come with the list (the same fields and role as space.get); only a space they do
  // not belong to (a system admin's look into it, or one that is not there) needs asking for.
  const space =
    spaces.find((s) => s.id === spaceId) ??
    (await apiCall(context, request, endpoints.space.get, { params: { spaceId } }));
  if (developmentHidden(space) && isDevelopmentPath(new URL(request.url).pathname)) throw redirect(spaceHome(space));
  return { spaces, space };
}

export default function SpaceLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The loader does not run again when moving between sections of the same space; this keeps them closed too.
  const closed = developmentHidden(loaderData.space) && isDevelopmentPath(pathname);
  return (
    <>
      <PanelDrawer label="空间菜单">
        <SpacePanel spaces={loaderData.spaces} current={loaderData.space} />
      </PanelDrawer>
      <main className="min-w-0 flex-1 overflow-y-auto">
        {closed ? <Navigate to={spaceHome(loaderData.space)} replace /> : <Outlet />}
      </main>
    </>
  );
}
