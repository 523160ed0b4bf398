import type { AppLoadContext } from "react-router";
import { endpoints, pathOf } from "../../contract/api";
import { apiRaw } from "./api.server";
import type { DataOf } from "./api-call.server";

/** The public tenant settings; actions need them too (e.g. authType decides which field the login form asks for). */
export async function getTenantConfig(context: AppLoadContext, request: Request) {
  const config = endpoints.tenant.config;
  const { envelope } = await apiRaw<DataOf<typeof config>>(context, request, pathOf(config));
  return envelope.data;
}
