import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { createTaskInput, listTaskInput, updateTaskInput } from "./contract";
import * as service from "./service";

/** /api/agent/task/*: scheduled task conversations (reference original-backend.md §5.11). */
export function taskRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/create", async (c) =>
      ok(c, await service.createTask(deps, requireActor(c), await readBody(c, createTaskInput))),
    )
    .post("/update", async (c) =>
      ok(c, await service.updateTask(deps, requireActor(c), await readBody(c, updateTaskInput))),
    )
    .post("/cancel/:id", async (c) => {
      const actor = requireActor(c);
      await service.cancelTask(deps, actor, idParam(c, "id"));
      return ok(c, null);
    })
    .post("/list", async (c) => ok(c, await service.listTasks(deps, requireActor(c), await readBody(c, listTaskInput))))
    .get("/cron/list", (c) => {
      requireActor(c);
      return ok(c, service.cronList());
    });
}
