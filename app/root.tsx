import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { PublicTenantConfig } from "../server/modules/tenant/contract";
import type { Route } from "./+types/root";
import { apiRaw } from "./lib/api.server";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { envelope } = await apiRaw<PublicTenantConfig>(context, request, "/api/tenant/config");
  return { tenant: envelope.data };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="p-8">
      <h1 className="text-lg font-semibold">{status === 404 ? "页面不存在" : "页面出错了"}</h1>
      <p className="text-gray-600">请稍后重试，或返回首页。</p>
    </main>
  );
}
