import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import type { FavouriteTargetType } from "#server/db/schema";
import { favouriteListInput } from "./contract";
import { listFavourites, setFavourite } from "./service";

/**
 * /api/published/{plugin|workflow}/collect/list (the caller's favourites), collect/:id and /unCollect/:id (the
 * original client also sends the id in the body).
 */
export function favouriteRoutes(deps: Deps) {
  const app = new Hono<ApiEnv>();
  for (const [segment, targetType] of [
    ["plugin", "Plugin"],
    ["workflow", "Workflow"],
  ] as const satisfies readonly (readonly [string, FavouriteTargetType])[]) {
    // Before collect/:id, which would read "list" as an id.
    app.post(`/${segment}/collect/list`, async (c) => {
      const actor = requireActor(c);
      return ok(c, await listFavourites(deps, actor, targetType, await readBody(c, favouriteListInput)));
    });
    for (const [action, on] of [
      ["collect", true],
      ["unCollect", false],
    ] as const) {
      app.post(`/${segment}/${action}/:id`, async (c) => {
        const actor = requireActor(c);
        await setFavourite(deps, actor, targetType, idParam(c, "id"), on);
        return ok(c, null);
      });
    }
  }
  return app;
}
