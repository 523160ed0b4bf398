import { Settings } from "lucide-react";
import { data } from "react-router";
import type { UserDto } from "../../server/modules/auth/service";
import { PageHeader } from "../components/page-header";
import { EmptyState } from "../components/ui/empty-state";
import { api } from "../lib/api.server";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/system";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "系统管理");

/** Admin pages are for system admins only; the backend guards /api/system/** as well. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await api<UserDto>(context, request, "/api/user/getLoginInfo");
  if (user.role !== "Admin")
    throw data({ code: "4030", message: "只有系统管理员可以访问系统管理", tid: "" }, { status: 403 });
  return null;
}

export default function SystemPage() {
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <PageHeader title="系统管理" />
      <EmptyState
        icon={Settings}
        title="系统管理页面即将开放"
        description="用户管理、发布审核、已发布管理、公共模型管理和系统配置会在这里提供。"
      />
    </main>
  );
}
