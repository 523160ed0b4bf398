import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Route } from "./+types/root";
import { ErrorView } from "./components/error-view";
import { NavProgress } from "./components/layout/nav-progress";
import { NoScriptToast, Toaster } from "./components/ui/toast";
import { imageSrc } from "./lib/image-src";
import { siteTitle } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { getTenantConfig } from "./lib/tenant.server";
import { toast as showToast } from "./lib/toast";
import { readToast } from "./lib/toast.server";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const tenant = await getTenantConfig(context, request);
  const { toast, headers } = await readToast(context, request);
  return data({ tenant, toast, theme: themeOf(request) }, { headers });
}

type Theme = "light" | "dark" | "system";

/** The 主题 setting (cookie `theme`, set on the account page); absent or unknown means follow the device. */
function themeOf(request: Request): Theme {
  const match = /(?:^|;\s*)theme=(light|dark|system)(?:;|$)/.exec(request.headers.get("Cookie") ?? "");
  return (match?.[1] as Theme | undefined) ?? "system";
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: siteTitle(loaderData?.tenant) }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const favicon = imageSrc(root?.tenant?.faviconUrl);
  const nonce = useNonce();
  return (
    // The theme is on <html> in the server's HTML, so a dark page is dark from its first paint (no flash).
    <html lang="zh-CN" data-theme={root?.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* The tenant's own icon, else the product's default one. */}
        {favicon ? <link rel="icon" href={favicon} /> : <link rel="icon" href="/favicon.svg" type="image/svg+xml" />}
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toast } = loaderData;
  const hydrated = useHydrated();
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message);
  }, [toast]);
  return (
    <>
      <NavProgress />
      <Outlet />
      <Toaster />
      {/* Before (or without) JavaScript the toast library cannot run: the server draws the same card. */}
      {toast && !hydrated ? <NoScriptToast type={toast.type} message={toast.message} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main className="flex min-h-screen">
      <ErrorView error={useRouteError()} />
    </main>
  );
}
