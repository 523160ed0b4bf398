import type { ok } from "#server/api/http";
import { refuseStream, sseChannel, sseResponse } from "#server/api/sse";
import { type Actor, AppError, Codes, type Deps } from "#server/core";
import { frame, messageEvent } from "#server/runtime/agent/events";
import type { ChatInput } from "./contract";
import type { ConversationRow } from "./repo";
import * as service from "./service";

/**
 * Resolves in this event-loop turn's check phase: after the promise work and process.nextTick callbacks that run
 * first — among them the one in which Node's HTTP client writes a request to a pooled socket — and before any I/O
 * callback, timer or other request of the next turn.
 */
const afterModelAsked = () => new Promise<void>((resolve) => setImmediate(resolve));

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
    // The turn has started its model request, which Node sends once this loop turn's promise work is done: the
    // response head (building and writing it, the middlewares' work on the way out) waits until then, so it is
    // written while the model thinks instead of before the model is asked.
    await afterModelAsked();
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
