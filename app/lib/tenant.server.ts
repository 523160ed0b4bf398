import type { AppLoadContext } from "react-router";
import type { PublicTenantConfig } from "../../server/modules/tenant/contract";
import { apiRaw } from "./api.server";

/** The public tenant settings; actions need them too (e.g. authType decides which field the login form asks for). */
export async function getTenantConfig(context: AppLoadContext, request: Request) {
  const { envelope } = await apiRaw<PublicTenantConfig>(context, request, "/api/tenant/config");
  return envelope.data;
}
