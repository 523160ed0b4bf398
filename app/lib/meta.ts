import type { PublicTenantConfig } from "#contract/api/tenant";

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

function tenantFrom(matches: readonly (MatchLike | undefined)[]) {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { tenant?: PublicTenantConfig } | undefined;
  return root?.tenant;
}

/** "siteName - siteDescription", or siteName alone when there is no description. */
export function siteTitle(tenant: Pick<PublicTenantConfig, "siteName" | "siteDescription"> | undefined) {
  if (!tenant) return "智能体平台";
  return tenant.siteDescription ? `${tenant.siteName} - ${tenant.siteDescription}` : tenant.siteName;
}

/** Inner pages put their own name first: "智能体开发 · siteName". */
export function pageTitle(matches: readonly (MatchLike | undefined)[], page: string) {
  const tenant = tenantFrom(matches);
  return [{ title: `${page} · ${tenant?.siteName ?? "智能体平台"}` }];
}
