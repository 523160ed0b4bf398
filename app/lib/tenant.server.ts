import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import { apiEnvelope } from "./api-call.server";

/**
 * The public tenant settings; actions need them too (e.g. authType decides which field the login form asks for).
 * Anyone may read them, so this never redirects; the root layout renders even if the read fails.
 */
export async function getTenantConfig(context: AppLoadContext, request: Request) {
  const { envelope } = await apiEnvelope(context, request, endpoints.tenant.config);
  return envelope.data;
}
