import { Hono } from "hono";
import { customPageListQuery, ecoMarketListInput } from "#contract/api/elsewhere";
import { pageOf } from "#contract/page";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, readQuery, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { accessSpace } from "../space/service";

/** The original client's lists of features we do not offer: empty, after the checks a real list would make. */
export function elsewhereRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .get("/mcp/list/:spaceId", async (c) => {
      await accessSpace(deps, requireActor(c), idParam(c, "spaceId"));
      return ok(c, []);
    })
    .get("/custom-page/list-projects", async (c) => {
      const actor = requireActor(c);
      await accessSpace(deps, actor, readQuery(c, customPageListQuery).spaceId);
      return ok(c, []);
    })
    .post("/system/eco/market/client/config/list", async (c) => {
      requireActor(c);
      const input = await readBody(c, ecoMarketListInput);
      return ok(c, pageOf([], 0, input.pageSize, input.current));
    });
}
