import type { Deps } from "#server/core";
import { findAgent } from "#server/modules/agent";
import type { TurnInput } from "../agent/run";
import { extractQueue } from "./extract";
import { memoryText, recallMemories } from "./recall";

/** At most this many memories go into one turn. */
const RECALL_LIMIT = 12;

/**
 * Long-term memory applies to the agent's own users in normal and debug chats; a temporary link's visitors
 * chat as the link's owner, so their words neither read nor write that person's memories.
 */
const remembers = (input: TurnInput) =>
  input.config.openLongMemory === "Open" && input.conversation.type !== "TempChat";

/**
 * The `<user-memory>` block the user turn starts with (original-backend.md §5.4), or "" when there is nothing to
 * recall. Sensitive memories go into the prompt only in the builder's own chats (debug, or the agent's creator):
 * another builder's agent could otherwise read them back in its logs.
 */
export async function memoryForTurn(deps: Deps, input: TurnInput): Promise<string> {
  if (!remembers(input)) return "";
  try {
    const agent = await findAgent(deps.db, input.actor.tenantId, input.agentId);
    const found = await recallMemories(deps.db, {
      userId: input.actor.userId,
      agentId: input.agentId,
      query: input.message,
      includeSensitive: input.conversation.devMode === 1 || agent?.creatorId === input.actor.userId,
      limit: RECALL_LIMIT,
    });
    return found.length ? `<user-memory>\n${memoryText(found)}\n</user-memory>\n` : "";
  } catch (err) {
    // Recall is an aid: the turn goes on without it.
    deps.log.warn({ err, requestId: input.requestId }, "memory recall failed");
    return "";
  }
}

/** After a completed answer: queue the extraction of what the user said (it runs in the background). */
export function rememberTurn(deps: Deps, input: TurnInput, succeeded: boolean) {
  if (!succeeded || !remembers(input)) return;
  extractQueue
    .send(deps, {
      tenantId: input.actor.tenantId,
      userId: input.actor.userId,
      agentId: input.agentId,
      conversationId: input.conversation.id,
    })
    .catch((err) => deps.log.warn({ err, requestId: input.requestId }, "memory extraction not queued"));
}
