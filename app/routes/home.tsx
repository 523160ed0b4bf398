import { useRouteLoaderData } from "react-router";
import { useCurrentUser } from "../lib/current-user";
import { displayName } from "../lib/format";
import type { loader as rootLoader } from "../root";

/** Replaces {{USER_NAME}} in the tenant's slogan; the result is shown as text, never as HTML. */
function greeting(slogan: string, userName: string) {
  return slogan.replaceAll("{{USER_NAME}}", userName);
}

export default function HomePage() {
  const user = useCurrentUser();
  const tenant = useRouteLoaderData<typeof rootLoader>("root")?.tenant;
  const slogan = tenant?.homeSlogan || "Hi {{USER_NAME}}";
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-3 p-8">
      <h1 className="text-center font-semibold text-3xl text-gray-900">{greeting(slogan, displayName(user))}</h1>
      {tenant?.siteDescription ? <p className="text-gray-500">{tenant.siteDescription}</p> : null}
    </main>
  );
}
