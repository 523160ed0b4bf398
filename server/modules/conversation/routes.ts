import { Hono } from "hono";
import type { ApiEnv } from "../../api/context";
import { idParam, ok, readBody, requireActor } from "../../api/http";
import { refuseStream, sseChannel, sseResponse } from "../../api/sse";
import type { Actor, Deps } from "../../core";
import { AppError, Codes } from "../../core";
import { frame, messageEvent } from "../../runtime/agent/events";
import {
  type ChatInput,
  chatInput,
  createConversationInput,
  listConversationInput,
  messageListInput,
  requestIdSchema,
  suggestInput,
  updateConversationInput,
} from "./contract";
import type { ConversationRow } from "./repo";
import * as service from "./service";

/**
 * Opens the chat stream. Login, permission and input problems are refused with an HTTP error before the
 * stream starts; a business refusal (model offline, previous answer still running…) is streamed as an
 * error message and a failed FINAL_RESULT so the reader sees why.
 */
export async function chatStream(
  deps: Deps,
  c: Parameters<typeof ok>[0],
  resolve: () => Promise<{ actor: Actor; input: ChatInput; conversation?: ConversationRow }>,
) {
  let resolved: Awaited<ReturnType<typeof resolve>>;
  try {
    resolved = await resolve();
  } catch (err) {
    if (err instanceof AppError) return refuseStream(c, err);
    throw err;
  }
  const channel = sseChannel();
  try {
    const { done } = await service.startChat(deps, resolved.actor, resolved.input, channel.send, resolved.conversation);
    done.catch((err) => c.get("log").error({ err }, "chat turn crashed")).finally(() => channel.close());
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code !== Codes.BUSINESS) return refuseStream(c, err);
    const requestId = service.newRequestId();
    const now = Date.now();
    channel.send(messageEvent(requestId, "CHAT", err.message, true, "ERROR"));
    channel.send(
      frame(
        requestId,
        "FINAL_RESULT",
        {
          success: false,
          error: err.message,
          startTime: now,
          endTime: now,
          promptTokens: 0,
          completionTokens: 0,
          totalTokens: 0,
          outputText: "",
          componentExecuteResults: [],
        },
        { completed: true, error: err.message },
      ),
    );
    channel.close();
  }
  return sseResponse(channel.stream);
}

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
