import { Hono } from "hono";
import { agentLogDetailInput, agentLogListInput } from "#contract/api/log-platform";
import type { ApiEnv } from "#server/api/context";
import { ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { agentLogDetail, agentLogList } from "./service";

/** /api/logPlatform: the original client's agent log (its 日志 page). */
export function logPlatformRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/agent/list", async (c) => {
      const actor = requireActor(c);
      return ok(c, await agentLogList(deps, actor, await readBody(c, agentLogListInput)));
    })
    .post("/agent/detail", async (c) => {
      const actor = requireActor(c);
      return ok(c, await agentLogDetail(deps, actor, await readBody(c, agentLogDetailInput)));
    });
}
