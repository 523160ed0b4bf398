import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, readQuery, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { badInput } from "#server/core";
import * as components from "./component-service";
import {
  addAgentInput,
  agentDetailQuery,
  agentListQuery,
  agentPageInput,
  componentAddInput,
  componentUpdateInput,
  updatableComponentKinds,
  updateAgentInput,
} from "./contract";
import { agentDetail } from "./detail-service";
import * as relations from "./relation-service";
import * as service from "./service";
import { systemVariables } from "./variables";

/** /api/agent/*: agents, their components and variables. */
export function agentRoutes(deps: Deps) {
  const app = new Hono<ApiEnv>()
    .post("/add", async (c) => ok(c, await service.addAgent(deps, requireActor(c), await readBody(c, addAgentInput))))
    .get("/list/:spaceId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.listAgents(deps, actor, idParam(c, "spaceId"), readQuery(c, agentListQuery)));
    })
    .post("/page", async (c) =>
      ok(c, await service.pageAgents(deps, requireActor(c), await readBody(c, agentPageInput))),
    )
    .get("/card/list", async (c) => {
      requireActor(c);
      return ok(c, await service.listCards(deps));
    })
    .post("/config/update", async (c) => {
      await service.updateAgentConfig(deps, requireActor(c), await readBody(c, updateAgentInput));
      return ok(c, null);
    })
    .get("/config/history/list/:agentId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.listHistory(deps, actor, idParam(c, "agentId")));
    })
    .post("/delete/:agentId", async (c) => {
      const actor = requireActor(c);
      await service.deleteAgent(deps, actor, idParam(c, "agentId"));
      return ok(c, null);
    })
    .post("/copy/:agentId", async (c) => {
      const actor = requireActor(c);
      const copy = await service.copyAgent(deps, actor, idParam(c, "agentId"));
      return ok(c, copy.id, copy.notice ?? undefined);
    })
    .post("/copy/:agentId/:targetSpaceId", async (c) => {
      const actor = requireActor(c);
      const copy = await service.copyAgent(deps, actor, idParam(c, "agentId"), idParam(c, "targetSpaceId"));
      return ok(c, copy.id, copy.notice ?? undefined);
    })
    .post("/transfer/:agentId/space/:targetSpaceId", async (c) => {
      const actor = requireActor(c);
      const notice = await service.transferAgent(deps, actor, idParam(c, "agentId"), idParam(c, "targetSpaceId"));
      return ok(c, null, notice ?? undefined);
    })
    .get("/variable/list/:agentId", async (c) => {
      const actor = requireActor(c);
      const list = await components.listComponents(deps, actor, idParam(c, "agentId"));
      const own = (list.find((x) => x.type === "Variable")?.bindConfig.variables ?? []) as unknown[];
      return ok(c, [...systemVariables, ...own]);
    })
    .post("/component/add", async (c) =>
      ok(c, await components.addComponent(deps, requireActor(c), await readBody(c, componentAddInput))),
    )
    .post("/component/delete/:id", async (c) => {
      const actor = requireActor(c);
      await components.deleteComponent(deps, actor, idParam(c, "id"));
      return ok(c, null);
    })
    .get("/component/list/:agentId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await components.listComponents(deps, actor, idParam(c, "agentId")));
    });
  for (const [kind, type] of Object.entries(updatableComponentKinds)) {
    app.post(`/component/${kind}/update`, async (c) => {
      const actor = requireActor(c);
      await components.updateComponent(deps, actor, type, await readBody(c, componentUpdateInput));
      return ok(c, null);
    });
  }
  // Registered last so the literal paths above win over the id pattern; the POST-only single-segment paths
  // are kept out of it, so `GET /api/agent/add` is a wrong method (4050), not a bad id.
  app.get("/:agentId{(?!add$|page$)[^/]+}", async (c) => {
    const actor = requireActor(c);
    return ok(c, await service.getAgent(deps, actor, idParam(c, "agentId")));
  });
  return app;
}

const MAX_SIZE = 100;

/** A page size: a positive integer up to 100 (a larger one is refused, not silently honoured). */
function size(c: Parameters<typeof idParam>[0], name: string) {
  const value = idParam(c, name);
  if (value > MAX_SIZE) throw badInput(`参数 '${name}' 不能大于 ${MAX_SIZE}`);
  return value;
}

/** /api/user/agent/*: favourites, stars, likes and the user's recent lists. */
export function userAgentRoutes(deps: Deps) {
  const toggle = (path: string, fn: (actor: ReturnType<typeof requireActor>, id: number) => Promise<void>) =>
    [
      path,
      async (c: Parameters<typeof idParam>[0]) => {
        const actor = requireActor(c);
        await fn(actor, idParam(c, "id"));
        return ok(c, null);
      },
    ] as const;
  return new Hono<ApiEnv>()
    .post(...toggle("/collect/:id", (a, id) => relations.setCounted(deps, a, id, "collect", true)))
    .post(...toggle("/unCollect/:id", (a, id) => relations.setCounted(deps, a, id, "collect", false)))
    .post(...toggle("/like/:id", (a, id) => relations.setCounted(deps, a, id, "like", true)))
    .post(...toggle("/unLike/:id", (a, id) => relations.setCounted(deps, a, id, "like", false)))
    .post(...toggle("/dev/collect/:id", (a, id) => relations.setDevCollected(deps, a, id, true)))
    .post(...toggle("/dev/unCollect/:id", (a, id) => relations.setDevCollected(deps, a, id, false)))
    .get("/used/list/:size", async (c) =>
      ok(c, await relations.listRelated(deps, requireActor(c), "Conversation", size(c, "size"))),
    )
    .get("/edit/list/:size", async (c) =>
      ok(c, await relations.listRelated(deps, requireActor(c), "Edit", size(c, "size"))),
    )
    .get("/dev/collect/list/:page/:size", async (c) => {
      const actor = requireActor(c);
      return ok(c, await relations.listRelated(deps, actor, "DevCollect", size(c, "size"), idParam(c, "page")));
    })
    .get("/collect/list/:page/:size", async (c) => {
      const actor = requireActor(c);
      return ok(c, await relations.pageRelated(deps, actor, "Collect", idParam(c, "page"), size(c, "size")));
    });
}

export function homeRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/list", async (c) => ok(c, await relations.homeList(deps, requireActor(c))));
}

export function publishedRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/agent/:agentId", async (c) => {
    const actor = requireActor(c);
    const { withConversationId } = readQuery(c, agentDetailQuery);
    return ok(c, await agentDetail(deps, actor, idParam(c, "agentId"), withConversationId === true));
  });
}
