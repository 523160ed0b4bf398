import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import {
  addPluginInput,
  analysisOutputInput,
  codeUpdateInput,
  httpUpdateInput,
  legacyPublishInput,
  pluginTestInput,
} from "./contract";
import { analyseOutput, testPlugin } from "./execute-service";
import { publishedPlugin } from "./published-service";
import * as service from "./service";

/** /api/plugin/*: HTTP and code plugins of a space (reference original-frontend.md §1.12). */
export function pluginRoutes(deps: Deps) {
  const app = new Hono<ApiEnv>()
    .post("/add", async (c) => ok(c, await service.addPlugin(deps, requireActor(c), await readBody(c, addPluginInput))))
    .post("/http/update", async (c) => {
      await service.updatePlugin(deps, requireActor(c), "HTTP", await readBody(c, httpUpdateInput));
      return ok(c, null);
    })
    .post("/code/update", async (c) => {
      await service.updatePlugin(deps, requireActor(c), "CODE", await readBody(c, codeUpdateInput));
      return ok(c, null);
    })
    .post("/test", async (c) => ok(c, await testPlugin(deps, requireActor(c), await readBody(c, pluginTestInput))))
    .post("/analysis/output", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, analysisOutputInput);
      return ok(c, await analyseOutput(deps, actor, input.pluginId, input.params));
    })
    .post("/publish", async (c) => {
      const actor = requireActor(c);
      const message = await service.publishLegacy(deps, actor, await readBody(c, legacyPublishInput));
      return ok(c, null, message);
    })
    .post("/delete/:pluginId", async (c) => {
      const actor = requireActor(c);
      await service.deletePlugin(deps, actor, idParam(c, "pluginId"));
      return ok(c, null);
    })
    .post("/copy/:pluginId/:targetSpaceId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.copyPlugin(deps, actor, idParam(c, "pluginId"), idParam(c, "targetSpaceId")));
    })
    .get("/config/history/list/:pluginId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.listHistory(deps, actor, idParam(c, "pluginId")));
    })
    .post("/restore/:historyId", async (c) => {
      const actor = requireActor(c);
      await service.restoreHistory(deps, actor, idParam(c, "historyId"));
      return ok(c, null);
    });
  // Registered last so the literal paths above win; the POST-only single-segment paths are kept out of the id
  // pattern, so `GET /api/plugin/add` is a wrong method (4050), not a bad id.
  app.get("/:pluginId{(?!add$|test$|publish$)[^/]+}", async (c) => {
    const actor = requireActor(c);
    return ok(c, await service.getPlugin(deps, actor, idParam(c, "pluginId")));
  });
  return app;
}

/** /api/published/plugin/:pluginId: a published plugin as a square visitor or an agent's builder sees it. */
export function publishedPluginRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/plugin/:pluginId", async (c) => {
    const actor = requireActor(c);
    return ok(c, await publishedPlugin(deps, actor, idParam(c, "pluginId")));
  });
}
