import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { AppError, Codes } from "#server/core";
import { chatStream } from "../conversation";
import {
  createLinkInput,
  requestIdSchema,
  tempChatInput,
  tempConversationInput,
  tempQueryInput,
  updateLinkInput,
} from "./contract";
import * as service from "./service";

/** /api/temp/chat/*: link management (signed in) and the public chat behind a link. */
export function tempChatRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/link/update", async (c) => {
      const actor = requireActor(c);
      await service.updateLink(deps, actor, await readBody(c, updateLinkInput));
      return ok(c, null);
    })
    .post("/conversation/create", async (c) => {
      const input = await readBody(c, tempConversationInput);
      return ok(c, await service.createTempConversation(deps, input.chatKey, c.get("actor"), c.get("ip")));
    })
    .post("/conversation/query", async (c) => {
      const input = await readBody(c, tempQueryInput);
      const { chatKey, conversationUid } = input;
      return ok(c, await service.queryTempConversation(deps, chatKey, conversationUid, c.get("actor"), c.get("ip")));
    })
    .post("/completions", (c) =>
      chatStream(deps, c, async () => {
        const input = await readBody(c, tempChatInput);
        const session = await service.tempConversation(deps, input.chatKey, input.conversationUid, c.get("actor"));
        if (session.anonymous) await service.limitAnonymous(deps, c.get("ip"));
        return {
          actor: session.runAs,
          conversation: session.conversation,
          input: { ...input, conversationId: session.conversation.id, debug: true },
        };
      }),
    )
    .post("/conversation/:requestId", async (c) => {
      const parsed = requestIdSchema.safeParse(c.req.param("requestId"));
      if (!parsed.success) throw new AppError(Codes.BAD_INPUT, "参数 'requestId' 格式不正确");
      return ok(c, await service.stopTempChat(deps, parsed.data));
    })
    .post("/:agentId/link/create", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.createLink(deps, actor, idParam(c, "agentId"), await readBody(c, createLinkInput)));
    })
    .get("/:agentId/link/list", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.listLinks(deps, actor, idParam(c, "agentId")));
    })
    .post("/:agentId/link/:id/delete", async (c) => {
      const actor = requireActor(c);
      await service.deleteLink(deps, actor, idParam(c, "agentId"), idParam(c, "id"));
      return ok(c, null);
    });
}
