import type { ChatEvent, EventType, MessageKind } from "#contract/chat";

export type {
  ChatEvent,
  EventType,
  FinalResult,
  MessageKind,
  ProcessingStep,
  StepResult,
} from "#contract/chat";

type EventOf<E extends EventType> = Extract<ChatEvent, { eventType: E }>;

/** One frame of the chat stream, typed by its event type from the contract. */
export const frame = <E extends EventType>(
  requestId: string,
  eventType: E,
  data: EventOf<E>["data"],
  extra: { error?: string | null; completed?: boolean } = {},
) => ({ requestId, eventType, data, error: null, completed: false, ...extra }) as EventOf<E>;

export function messageEvent(
  requestId: string,
  type: MessageKind,
  text: string,
  finished = false,
  finishReason: string | null = null,
  /** A QUESTION's options (a workflow's QA node), in the original's shape. */
  ext?: { index: string; content: string }[],
) {
  return frame(requestId, "MESSAGE", {
    id: requestId,
    role: "ASSISTANT",
    messageType: "ASSISTANT",
    type,
    text,
    finished,
    finishReason,
    time: Date.now(),
    ...(ext ? { ext } : {}),
  });
}
