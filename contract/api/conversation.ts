import { attachmentSchema as storedAttachment } from "../chat";
import { conversationTypes, messageStatuses } from "../enums";
import { id, z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { taskStatuses } from "./task";
import { agentDetailDto } from "./views";

export const attachmentSchema = z.object({
  fileKey: z.string().trim().min(1, "不能为空").max(200),
  fileUrl: z.string().trim().max(2000).default(""),
  fileName: z.string().trim().min(1, "不能为空").max(255),
  mimeType: z.string().trim().max(100).default("application/octet-stream"),
});

const variableValues = z
  .record(
    z.string().max(64),
    z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)]),
  )
  .refine((v) => Object.keys(v).length <= 50, "最多 50 个变量");

export const createConversationInput = z.object({
  agentId: id(),
  devMode: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .default(false)
    .transform((v) => v === true || v === 1),
  variables: variableValues.optional(),
});

export const listConversationInput = z.object({
  agentId: id().nullable().optional(),
  lastId: id().nullable().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The most of a conversation's first message the title is made from (the page's relay cuts a longer one there). */
export const MAX_TITLE_SOURCE_CHARS = 5_000;

export const updateConversationInput = z.object({
  id: id(),
  topic: z.string().trim().max(50, "最多 50 个字符").optional(),
  firstMessage: z.string().max(MAX_TITLE_SOURCE_CHARS).optional(),
});

export const messageListInput = z.object({
  conversationId: id(),
  index: id().optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const MAX_MESSAGE_CHARS = 20_000;

export const chatInput = z.object({
  conversationId: id(),
  message: z.string().max(MAX_MESSAGE_CHARS, `最多 ${MAX_MESSAGE_CHARS} 个字符`).default(""),
  attachments: z.array(attachmentSchema).max(10, "最多 10 个附件").default([]),
  variableParams: variableValues.default({}),
  debug: z.boolean().default(false),
  selectedComponents: z
    .array(z.object({ id: id(), type: z.string().max(32).optional() }))
    .max(50)
    .default([]),
});

export const suggestInput = z.object({ conversationId: id() }).passthrough();

export type CreateConversationInput = z.infer<typeof createConversationInput>;
export type ListConversationInput = z.infer<typeof listConversationInput>;
export type UpdateConversationInput = z.infer<typeof updateConversationInput>;
export type MessageListInput = z.infer<typeof messageListInput>;
export type ChatInput = z.infer<typeof chatInput>;

/** A chat turn's id, as the stream's frames carry it: 32 hex digits. */
export const requestIdSchema = z.string().regex(/^[a-f0-9]{32}$/, "格式不正确");

/** A stored message; `processingList` and `finalResult` are the turn's steps and result as the stream sent them. */
export const messageDto = z.object({
  id: z.number().int(),
  requestId: z.string(),
  role: z.enum(["USER", "ASSISTANT", "SYSTEM"]),
  type: z.enum(["CHAT", "THINK", "QUESTION", "ANSWER"]),
  messageType: z.enum(["USER", "ASSISTANT", "SYSTEM"]),
  text: z.string(),
  think: z.string(),
  time: z.iso.datetime({ offset: true }),
  attachments: z.array(storedAttachment),
  status: z.enum(messageStatuses),
  finishReason: z.string().nullable(),
  processingList: z.array(z.record(z.string(), z.unknown())),
  finalResult: z.record(z.string(), z.unknown()).nullable(),
  finished: z.boolean(),
  /** Follow-up questions generated for this answer (shown again as chips after a reload). */
  suggestions: z.array(z.string()),
});

export const conversationDto = z.object({
  id: z.number().int(),
  uid: z.string(),
  tenantId: z.number().int(),
  userId: z.number().int(),
  agentId: z.number().int(),
  topic: z.string(),
  topicUpdated: z.number().int(),
  summary: z.string(),
  variables: z.record(z.string(), z.unknown()),
  devMode: z.boolean(),
  type: z.enum(conversationTypes),
  /**
   * The original client's scheduled-task fields: for a TASK conversation its task (the id is the conversation's, as
   * in /api/agent/task/list; status, cron and the cron in words), null for every other conversation.
   */
  taskId: z.number().int().nullable(),
  taskStatus: z.enum(taskStatuses).nullable(),
  taskCron: z.string().nullable(),
  taskCronDesc: z.string().nullable(),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});

/** A conversation in a list, with the name and icon of its agent (a subset of the original's `agent`). */
export const conversationListItemDto = conversationDto.extend({
  agent: z.object({ agentId: z.number().int(), name: z.string(), icon: z.string() }),
});
export type ConversationListItemDto = z.infer<typeof conversationListItemDto>;

/** A conversation with its agent (as chat users see it), its last messages and the answer still running, if any. */
export const conversationViewDto = conversationDto.extend({
  agent: agentDetailDto,
  messageList: z.array(messageDto),
  runningRequestId: z.string().nullable(),
});
/** Whether a stop request reached an answer still being generated (false: it had already finished). */
export const stoppedDto = z.boolean();
/** Up to three follow-up questions for the last answer; none when the agent has suggestions off. */
export const suggestionsDto = z.array(z.string().min(1).max(100)).max(3);
export type MessageDto = z.infer<typeof messageDto>;
export type ConversationDto = z.infer<typeof conversationDto>;
export type ConversationViewDto = z.infer<typeof conversationViewDto>;

/** /api/agent/conversation/*: an agent's conversations, their messages and the chat stream. */
export const conversation = {
  create: endpoint({
    method: "POST",
    path: "/api/agent/conversation/create",
    body: createConversationInput,
    response: conversationViewDto,
  }),
  list: endpoint({
    method: "POST",
    path: "/api/agent/conversation/list",
    body: listConversationInput,
    response: z.array(conversationListItemDto),
  }),
  update: endpoint({
    method: "POST",
    path: "/api/agent/conversation/update",
    body: updateConversationInput,
    response: conversationDto,
  }),
  delete: endpoint({ method: "POST", path: "/api/agent/conversation/delete/:id", response: nothing }),
  messageList: endpoint({
    method: "POST",
    path: "/api/agent/conversation/message/list",
    body: messageListInput,
    response: z.array(messageDto),
  }),
  chat: endpoint({ method: "POST", path: "/api/agent/conversation/chat", body: chatInput, stream: true }),
  stop: endpoint({
    method: "POST",
    path: "/api/agent/conversation/chat/stop/:requestId",
    params: z.object({ requestId: requestIdSchema }),
    response: stoppedDto,
  }),
  suggest: endpoint({
    method: "POST",
    path: "/api/agent/conversation/chat/suggest",
    body: suggestInput,
    response: suggestionsDto,
  }),
  /** Registered last on the server, so the literal paths above are not taken for ids. */
  get: endpoint({ method: "POST", path: "/api/agent/conversation/:conversationId", response: conversationViewDto }),
};
