import { type Context, Hono } from "hono";
import { triggerAddInput, triggerRunListInput } from "#contract/api/trigger";
import { z } from "#contract/zod";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import * as service from "./service";
import { timeZoneData } from "./timezones";

type Ctx = Context<ApiEnv>;

/** Where the caller reached us (behind a trusted proxy: what the proxy says), for the webhook URL it is shown. */
function originOf(c: Ctx, trustProxy: boolean) {
  const url = new URL(c.req.url);
  const host =
    (trustProxy && c.req.header("x-forwarded-host")?.split(",")[0]?.trim()) || c.req.header("host") || url.host;
  const proto =
    (trustProxy && c.req.header("x-forwarded-proto")?.split(",")[0]?.trim()) || url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

/**
 * Mounted at /api/agent: adding and enabling triggers, their tokens, states and run logs (updates and deletes are
 * the components').
 */
export function triggerRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/component/trigger/add", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, triggerAddInput);
      return ok(c, await service.addTrigger(deps, actor, input, originOf(c, deps.config.TRUST_PROXY)));
    })
    .post("/component/trigger/token/rotate/:id", async (c) => {
      const actor = requireActor(c);
      const id = idParam(c, "id");
      return ok(c, await service.rotateToken(deps, actor, id, originOf(c, deps.config.TRUST_PROXY)));
    })
    .post("/component/trigger/enable/:id", async (c) => {
      const actor = requireActor(c);
      const id = idParam(c, "id");
      return ok(c, await service.enableTrigger(deps, actor, id, originOf(c, deps.config.TRUST_PROXY)));
    })
    .get("/trigger/state/list/:agentId", async (c) =>
      ok(c, await service.listStates(deps, requireActor(c), idParam(c, "agentId"))),
    )
    .get("/trigger/timeZone/data", (c) => {
      requireActor(c);
      return ok(c, timeZoneData());
    })
    .post("/trigger/run/list", async (c) =>
      ok(c, await service.listRuns(deps, requireActor(c), await readBody(c, triggerRunListInput))),
    );
}

/** Mounted at /api/trigger: the webhook, authenticated by the trigger's own bearer token (not a user session). */
export function triggerEventRoutes(deps: Deps) {
  return new Hono<ApiEnv>().post("/event/:id", async (c) => {
    const id = idParam(c, "id");
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? null;
    const body = await readBody(c, z.unknown());
    return ok(c, await service.receiveEvent(deps, c.get("tenantId"), id, token, body), "已触发");
  });
}
