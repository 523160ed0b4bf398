import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, useRouteLoaderData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { toast as showToast, Toaster } from "sonner";
import type { Route } from "./+types/root";
import { ErrorView } from "./components/error-view";
import { imageSrc } from "./lib/image-src";
import { siteTitle } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { getTenantConfig } from "./lib/tenant.server";
import { readToast } from "./lib/toast.server";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const tenant = await getTenantConfig(context, request);
  const { toast, headers } = await readToast(context, request);
  return data({ tenant, toast }, { headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: siteTitle(loaderData?.tenant) }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const favicon = imageSrc(root?.tenant?.faviconUrl);
  const nonce = useNonce();
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {favicon ? <link rel="icon" href={favicon} /> : null}
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
      <Outlet />
      <Toaster position="top-center" richColors closeButton />
      {toast && !hydrated ? (
        // Before (or without) JavaScript the toast library cannot run: show the notice as a banner that fades.
        <div
          role="status"
          className="toast-banner fixed top-3 left-1/2 z-50 -translate-x-1/2 rounded-md bg-gray-900 px-4 py-2 text-white shadow"
        >
          {toast.message}
        </div>
      ) : null}
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
