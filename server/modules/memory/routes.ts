import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { memoryClearInput, memoryListInput, memoryUpdateInput } from "./contract";
import * as service from "./service";

/** /api/memory/* — the caller's own long-term memories (contract/api/memory.ts). */
export function memoryRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/list", async (c) =>
      ok(c, await service.listMemories(deps, requireActor(c), await readBody(c, memoryListInput))),
    )
    .post("/agents", async (c) => ok(c, await service.memoryAgents(deps, requireActor(c))))
    .post("/update", async (c) => {
      const actor = requireActor(c);
      await service.updateMemory(deps, actor, await readBody(c, memoryUpdateInput));
      return ok(c, null);
    })
    .post("/delete/:id", async (c) => {
      const actor = requireActor(c);
      await service.deleteMemory(deps, actor, idParam(c, "id"));
      return ok(c, null);
    })
    .post("/clear", async (c) => {
      const actor = requireActor(c);
      const { agentId } = await readBody(c, memoryClearInput);
      return ok(c, await service.clearMemories(deps, actor, agentId));
    });
}
