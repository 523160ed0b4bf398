/** The chat stream's frames (reference: original-frontend §2): one JSON object per `data:` line. */
export type EventType = "PROCESSING" | "MESSAGE" | "FINAL_RESULT" | "ERROR" | "HEART_BEAT";

export interface ChatEvent {
  requestId: string;
  eventType: EventType;
  data: Record<string, unknown> | null;
  error: string | null;
  completed: boolean;
}

export type MessageKind = "CHAT" | "THINK" | "QUESTION" | "PROCESS_OUTPUT";

export interface ProcessingStep {
  targetId: number;
  name: string;
  type: string;
  status: "EXECUTING" | "FINISHED" | "FAILED";
  executeId: string;
  result: {
    id: number;
    executeId: string;
    name: string;
    type: string;
    success: boolean | null;
    error: string | null;
    data: unknown;
    input: unknown;
    startTime: number;
    endTime: number | null;
  };
  cardBindConfig?: unknown;
  cardData?: unknown;
}

export interface FinalResult {
  success: boolean;
  error: string | null;
  startTime: number;
  endTime: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  outputText: string;
  componentExecuteResults: ProcessingStep["result"][];
}

export const frame = (
  requestId: string,
  eventType: EventType,
  data: ChatEvent["data"],
  extra: Partial<ChatEvent> = {},
): ChatEvent => ({
  requestId,
  eventType,
  data,
  error: null,
  completed: false,
  ...extra,
});

export function messageEvent(
  requestId: string,
  type: MessageKind,
  text: string,
  finished = false,
  finishReason: string | null = null,
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
  });
}
