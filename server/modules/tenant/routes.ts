import { Hono } from "hono";
import type { ApiEnv } from "../../api/context";
import { ok } from "../../api/http";
import type { Deps } from "../../core";
import { getTenantConfig, toPublicConfig } from "./service";

export function tenantRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/config", async (c) => {
    const config = await getTenantConfig(deps, c.get("tenantId"));
    return ok(c, toPublicConfig(config));
  });
}
