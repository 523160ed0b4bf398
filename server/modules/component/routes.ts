import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { listSpaceComponents } from "./service";

export function componentRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/list/:spaceId", async (c) => {
    const actor = requireActor(c);
    return ok(c, await listSpaceComponents(deps, actor, idParam(c, "spaceId")));
  });
}
