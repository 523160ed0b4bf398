import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { ok, readBody, readQuery, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { clearEventsInput, markReadInput, messageListInput } from "./contract";
import * as service from "./service";

export function notifyRoutes(deps: Deps) {
  return (
    new Hono<ApiEnv>()
      .get("/event/collect/batch", async (c) => ok(c, await service.collectEvents(deps, requireActor(c))))
      // The clears are POST only (the original client used GET), so a cross-site link cannot trigger them.
      .post("/event/clear", async (c) => {
        const actor = requireActor(c);
        await service.clearEvents(deps, actor, readQuery(c, clearEventsInput).version);
        return ok(c, null);
      })
      .post("/message/list", async (c) =>
        ok(c, await service.listMessages(deps, requireActor(c), await readBody(c, messageListInput))),
      )
      .get("/message/unread/count", async (c) => ok(c, await service.unreadCount(deps, requireActor(c))))
      .post("/message/unread/clear", async (c) => {
        await service.markAllRead(deps, requireActor(c));
        return ok(c, null);
      })
      .post("/message/read", async (c) => {
        const actor = requireActor(c);
        await service.markRead(deps, actor, await readBody(c, markReadInput));
        return ok(c, null);
      })
  );
}
