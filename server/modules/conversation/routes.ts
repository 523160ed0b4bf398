import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { AppError, Codes } from "#server/core";
import { chatStream } from "./chat-stream";
import {
  chatInput,
  createConversationInput,
  listConversationInput,
  messageListInput,
  requestIdSchema,
  suggestInput,
  updateConversationInput,
} from "./contract";
import * as service from "./service";

export function conversationRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/create", async (c) =>
      ok(c, await service.createConversation(deps, requireActor(c), await readBody(c, createConversationInput))),
    )
    .post("/list", async (c) =>
      ok(c, await service.listConversations(deps, requireActor(c), await readBody(c, listConversationInput))),
    )
    .post("/update", async (c) =>
      ok(c, await service.updateConversation(deps, requireActor(c), await readBody(c, updateConversationInput))),
    )
    .post("/delete/:id", async (c) => {
      const actor = requireActor(c);
      await service.deleteConversation(deps, actor, idParam(c, "id"));
      return ok(c, null);
    })
    .post("/message/list", async (c) =>
      ok(c, await service.listMessages(deps, requireActor(c), await readBody(c, messageListInput))),
    )
    .post("/chat", (c) =>
      chatStream(deps, c, async () => ({ actor: requireActor(c), input: await readBody(c, chatInput) })),
    )
    .post("/chat/stop/:requestId", async (c) => {
      const actor = requireActor(c);
      const requestId = requestIdSchema.safeParse(c.req.param("requestId"));
      if (!requestId.success) throw new AppError(Codes.BAD_INPUT, "参数 'requestId' 格式不正确");
      return ok(c, await service.stopChat(deps, actor, requestId.data));
    })
    .post("/chat/suggest", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, suggestInput);
      return ok(c, await service.suggest(deps, actor, input.conversationId));
    })
    .post("/:conversationId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.getConversation(deps, actor, idParam(c, "conversationId")));
    });
}
