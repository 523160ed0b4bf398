import { Hono } from "hono";
import type { ApiEnv, Deps } from "../../api/context";
import { idParam, ok, requireActor } from "../../api/http";
import { listSpaceComponents } from "./service";

export function componentRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/list/:spaceId", async (c) => {
    const actor = requireActor(c);
    return ok(c, await listSpaceComponents(deps, actor, idParam(c, "spaceId")));
  });
}
