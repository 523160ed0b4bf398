import { Bot } from "lucide-react";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { imageSrc } from "#app/lib/image-src";
import type { loader as rootLoader } from "#app/root";

/** The sign-in pages: the tenant's welcome text on the left, the form card on the right. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const tenant = useRouteLoaderData<typeof rootLoader>("root")?.tenant;
  const logo = imageSrc(tenant?.siteLogo);
  return (
    <main className="grid min-h-screen lg:grid-cols-2">
      <section className="hidden flex-col justify-center gap-6 bg-gradient-to-br from-primary-600 to-primary-700 p-16 text-white lg:flex">
        <div className="flex items-center gap-3">
          {logo ? (
            <img src={logo} alt="" className="size-10 rounded-md bg-white object-contain" />
          ) : (
            <Bot className="size-10" aria-hidden />
          )}
          <span className="font-semibold text-xl">{tenant?.siteName}</span>
        </div>
        {/* The original renders these as HTML; we show them as text so tenant settings cannot inject markup. */}
        <p className="font-semibold text-3xl leading-snug">{tenant?.loginPageText}</p>
        <p className="text-lg text-primary-100">{tenant?.loginPageSubText}</p>
      </section>
      <section className="flex items-center justify-center p-6">
        <div className="flex w-full max-w-sm flex-col gap-6">
          <header className="flex flex-col gap-1">
            <p className="font-medium text-primary-700 lg:hidden">{tenant?.siteName}</p>
            <h1 className="font-semibold text-2xl">{title}</h1>
            {subtitle ? <p className="text-gray-500">{subtitle}</p> : null}
          </header>
          {children}
        </div>
      </section>
    </main>
  );
}
