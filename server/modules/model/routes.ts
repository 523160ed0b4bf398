import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { requireSystemAdmin } from "#server/core";
import { listModelInput, modelDefaultsInput, saveModelInput, testModelInput } from "./contract";
import * as service from "./service";

/** /api/model/* (space models, and reading tenant ones) and /api/system/model/* (tenant models, admins). */
export function modelRoutes(deps: Deps, system: boolean) {
  const actorOf = (c: Parameters<typeof ok>[0]) => {
    const actor = requireActor(c);
    return system ? requireSystemAdmin(actor) : actor;
  };
  const remove = async (c: Parameters<typeof ok>[0]) => {
    const actor = actorOf(c);
    await service.deleteModel(deps, actor, idParam(c, "id"), system);
    return ok(c, null);
  };
  const app = new Hono<ApiEnv>()
    .post("/save", async (c) =>
      ok(c, await service.saveModel(deps, actorOf(c), await readBody(c, saveModelInput), system)),
    )
    .post("/list", async (c) => {
      const actor = actorOf(c);
      return ok(c, await service.listModels(deps, actor, await readBody(c, listModelInput)));
    })
    .post("/test-connectivity", async (c) => {
      const actor = actorOf(c);
      return ok(c, await service.testConnectivity(deps, actor, await readBody(c, testModelInput), system));
    });
  if (system) {
    app.get("/list", async (c) => ok(c, await service.listModels(deps, actorOf(c), {})));
    app.post("/defaults", async (c) => {
      const actor = actorOf(c);
      await service.setDefaults(deps, actor, await readBody(c, modelDefaultsInput));
      return ok(c, null);
    });
  }
  // Id patterns last, so the literal paths above win. Deleting is POST only (the original also took GET, which
  // a cross-site link could trigger with the session cookie); a GET answers 4050.
  app.post("/:id/delete", remove);
  app.get("/:id", async (c) => {
    const actor = actorOf(c);
    return ok(c, await service.getModel(deps, actor, idParam(c, "id")));
  });
  return app;
}
