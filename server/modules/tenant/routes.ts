import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { ok } from "#server/api/http";
import type { Deps } from "#server/core";
import { getTenantConfig, toPublicConfig } from "./service";

export function tenantRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/config", async (c) => {
    const config = await getTenantConfig(deps, c.get("tenantId"));
    return ok(c, toPublicConfig(config));
  });
}
