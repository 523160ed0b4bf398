import { Hono } from "hono";
import { logMessagesInput, logPageInput } from "#contract/api/agent-export";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { exportAgent, importAgent, importSpace, readAgentFile } from "./export-service";
import { logConversations, logMessages } from "./log-service";

/** /api/agent/export, /api/agent/import and /api/agent/log: configuration files and the conversation log. */
export function agentExportRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .get("/export/:agentId", async (c) => exportAgent(deps, requireActor(c), idParam(c, "agentId")))
    .post("/import/:spaceId", async (c) => {
      const actor = requireActor(c);
      const space = await importSpace(deps, actor, idParam(c, "spaceId"));
      const form = await c.req.raw.formData().catch(() => null);
      const file = form?.get("file");
      const parsed = await readAgentFile(file instanceof File ? file : null);
      return ok(c, await importAgent(deps, actor, space, parsed));
    })
    .post("/log/:agentId/conversations", async (c) => {
      const actor = requireActor(c);
      const agentId = idParam(c, "agentId");
      return ok(c, await logConversations(deps, actor, agentId, await readBody(c, logPageInput)));
    })
    .post("/log/:agentId/conversation/:conversationId", async (c) => {
      const actor = requireActor(c);
      const agentId = idParam(c, "agentId");
      const conversationId = idParam(c, "conversationId");
      return ok(c, await logMessages(deps, actor, agentId, conversationId, await readBody(c, logMessagesInput)));
    });
}
