import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { ok } from "#server/api/http";
import type { Deps } from "#server/core";
import { findUserById } from "../auth";
import { getTenantConfig, toPublicConfig } from "./service";

export function tenantRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/config", async (c) => {
    const config = await getTenantConfig(deps, c.get("tenantId"));
    const actor = c.get("actor");
    const user = actor ? await findUserById(deps.db, actor.userId) : undefined;
    return ok(c, toPublicConfig(config, user ? user.nickName || user.userName : undefined));
  });
}
