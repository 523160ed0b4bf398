import { id, z } from "../../lib/zod";

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

export const updateConversationInput = z.object({
  id: id(),
  topic: z.string().trim().max(50, "最多 50 个字符").optional(),
  firstMessage: z.string().max(5000).optional(),
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
