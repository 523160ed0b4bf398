import { Hono } from "hono";
import { componentPageInput } from "#contract/api/component";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { listSpaceComponents, pageSpaceComponents } from "./service";

export function componentRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .get("/list/:spaceId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await listSpaceComponents(deps, actor, idParam(c, "spaceId")));
    })
    .post("/page", async (c) => {
      const actor = requireActor(c);
      return ok(c, await pageSpaceComponents(deps, actor, await readBody(c, componentPageInput)));
    });
}
