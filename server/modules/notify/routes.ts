import { Hono } from "hono";
import type { ApiEnv, Deps } from "../../api/context";
import { ok, requireActor } from "../../api/http";
import * as service from "./service";

export function notifyRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .get("/event/collect/batch", async (c) => ok(c, await service.collectEvents(deps, requireActor(c))))
    .get("/event/clear", async (c) => {
      await service.clearEvents(deps, requireActor(c));
      return ok(c, null);
    });
}
