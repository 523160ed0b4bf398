import { Outlet } from "react-router";
import { endpoints } from "#contract/api";
import { PanelDrawer } from "../components/layout/panel-drawer";
import { SystemPanel } from "../components/system/system-panel";
import { apiCall } from "../lib/api-call.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import type { Route } from "./+types/system-layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "系统管理");

/** 系统管理 is for system admins; anyone else is sent home (the backend refuses the system endpoints with 4030 too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await apiCall(context, request, endpoints.auth.loginInfo);
  if (user.role !== "Admin")
    throw await redirectWithToast(context, "/", { type: "error", message: "只有系统管理员可以访问系统管理" });
  return null;
}

export default function SystemLayout() {
  return (
    <>
      <PanelDrawer label="系统管理菜单">
        <SystemPanel />
      </PanelDrawer>
      <main className="flex min-w-0 flex-1 flex-col gap-5 overflow-y-auto p-4 md:p-8">
        <Outlet />
      </main>
    </>
  );
}
