import type { ConversationViewDto, MessageDto } from "#contract/api/conversation";
import type { Attachment, FinalResult, ProcessingStep } from "#contract/chat";

export type { Attachment, ChatEvent, FinalResult, ProcessingStep } from "#contract/chat";

/** What POST /api/agent/conversation/{id} (and the temporary-link query) returns. */
export type ConversationView = ConversationViewDto;
export type ChatAgent = ConversationView["agent"];
export type ChatVariable = ChatAgent["variables"][number];
export type GuideQuestion = ChatAgent["guidQuestionDtos"][number];

/** The stored statuses plus what only the browser knows: waiting for the first event, stopped by the reader. */
export type MessageStatus = "loading" | "incomplete" | "complete" | "error" | "interrupted" | "stopped";

export interface ChatMessage {
  /** Stable React key: the stored id, or a local one while the message exists only in the browser. */
  key: string;
  role: "USER" | "ASSISTANT";
  text: string;
  think: string;
  attachments: Attachment[];
  status: MessageStatus;
  steps: ProcessingStep[];
  finalResult: FinalResult | null;
  requestId: string | null;
  error: string | null;
  /** The agent's opening message, shown in an empty conversation. */
  opening: boolean;
  /** Follow-up questions stored with a finished answer. */
  suggestions?: string[];
}

/** A card a finished step produced (card template fields), shown in the side panel's Show_Stand mode. */
export interface StandCard {
  cardKey: string;
  image?: string;
  title?: string;
  content?: string;
  bindLinkUrl?: string;
}

/** The right-hand panel: hidden, showing cards of a step, or the debug details of one answer. */
export type SidePanel =
  | { mode: "Hide" }
  | { mode: "Show_Stand"; cards: StandCard[] }
  | { mode: "Debug_Details"; message: ChatMessage };

function statusOf(m: MessageDto): MessageStatus {
  if (m.status === "complete" && m.finishReason === "STOPPED") return "stopped";
  return m.status;
}

/** A stored message as the chat shows it. */
export function fromDto(m: MessageDto): ChatMessage {
  const final = m.finalResult as FinalResult | null;
  return {
    key: m.id ? `m${m.id}` : "opening",
    role: m.role === "USER" ? "USER" : "ASSISTANT",
    text: m.text,
    think: m.think,
    attachments: m.attachments,
    status: statusOf(m),
    steps: m.processingList as unknown as ProcessingStep[],
    finalResult: final,
    requestId: m.requestId || null,
    error: m.status === "error" ? (final?.error ?? "回复生成失败") : null,
    opening: m.finishReason === "OPENING",
    suggestions: m.suggestions,
  };
}

/**
 * The agent's opening message as the first bubble: the server sends it for an empty conversation; once there
 * are messages it stays on top as long as the whole conversation is shown (its first message is loaded).
 */
export function withOpening(messages: ChatMessage[], openingText: string, complete: boolean): ChatMessage[] {
  if (!openingText.trim() || messages.some((m) => m.opening) || !complete) return messages;
  const opening = localMessage("ASSISTANT", { text: openingText, status: "complete", opening: true });
  return [{ ...opening, key: "opening" }, ...messages];
}

/** The chips a reloaded chat shows: the follow-up questions stored with its last answer. */
export function storedSuggestions(messages: ChatMessage[]) {
  const last = messages.at(-1);
  return last?.role === "ASSISTANT" && last.status === "complete" ? (last.suggestions ?? []) : [];
}

/** A message that exists only in the browser so far (the one being sent, or the answer being streamed). */
export function localMessage(role: ChatMessage["role"], fields: Partial<ChatMessage> = {}): ChatMessage {
  return {
    key: `local-${crypto.randomUUID()}`,
    role,
    text: "",
    think: "",
    attachments: [],
    status: "complete",
    steps: [],
    finalResult: null,
    requestId: null,
    error: null,
    opening: false,
    ...fields,
  };
}
