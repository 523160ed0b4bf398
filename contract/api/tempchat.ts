import { id, z } from "../zod";
import { attachmentSchema, conversationViewDto, requestIdSchema, stoppedDto } from "./conversation";

export { requestIdSchema };

import { endpoint, nothing } from "./endpoint";

export const CHAT_KEY_RE = /^ck-[a-f0-9]{32}$/;
const chatKey = z.string().trim().regex(CHAT_KEY_RE, "格式不正确");
const uid = z
  .string()
  .trim()
  .regex(/^[a-f0-9]{32}$/, "格式不正确");
const expire = z.iso
  .datetime({ offset: true, error: "必须是 ISO 时间" })
  .nullable()
  .optional()
  .refine((v) => !v || new Date(v).getTime() > Date.now(), "必须晚于当前时间");

export const createLinkInput = z.object({ requireLogin: z.union([z.literal(0), z.literal(1)]).default(1), expire });
export const updateLinkInput = z.object({
  id: id(),
  agentId: id().optional(),
  requireLogin: z.union([z.literal(0), z.literal(1)]).optional(),
  expire,
});
export const tempConversationInput = z.object({ chatKey, captchaVerifyParam: z.string().max(2000).optional() });
export const tempQueryInput = z.object({ chatKey, conversationUid: uid.optional() });
export const tempChatInput = z.object({
  chatKey,
  conversationUid: uid,
  message: z.string().max(20_000, "最多 20000 个字符").default(""),
  attachments: z.array(attachmentSchema).max(10, "最多 10 个附件").default([]),
  variableParams: z.record(z.string().max(64), z.union([z.string().max(5000), z.number(), z.boolean()])).default({}),
  selectedComponents: z
    .array(z.object({ id: id(), type: z.string().max(32).optional() }))
    .max(50)
    .default([]),
});

export type CreateLinkInput = z.infer<typeof createLinkInput>;
export type UpdateLinkInput = z.infer<typeof updateLinkInput>;
export type TempChatInput = z.infer<typeof tempChatInput>;

/** A temporary link; `chatUrl` is absolute when the tenant's site URL is set, else a path on this site. */
export const tempLinkDto = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  userId: z.number().int(),
  chatKey: z.string(),
  chatUrl: z.string(),
  requireLogin: z.number().int(),
  expire: z.iso.datetime({ offset: true }).nullable(),
  created: z.iso.datetime({ offset: true }),
});
export type TempLinkDto = z.infer<typeof tempLinkDto>;

/** /api/temp/chat/*: link management (signed in) and the public chat behind a link. */
export const tempchat = {
  linkUpdate: endpoint({
    method: "POST",
    path: "/api/temp/chat/link/update",
    body: updateLinkInput,
    response: nothing,
  }),
  conversationCreate: endpoint({
    method: "POST",
    path: "/api/temp/chat/conversation/create",
    body: tempConversationInput,
    response: conversationViewDto,
  }),
  conversationQuery: endpoint({
    method: "POST",
    path: "/api/temp/chat/conversation/query",
    body: tempQueryInput,
    response: conversationViewDto,
  }),
  completions: endpoint({ method: "POST", path: "/api/temp/chat/completions", body: tempChatInput, stream: true }),
  stop: endpoint({
    method: "POST",
    path: "/api/temp/chat/conversation/:requestId",
    params: z.object({ requestId: requestIdSchema }),
    response: stoppedDto,
  }),
  linkCreate: endpoint({
    method: "POST",
    path: "/api/temp/chat/:agentId/link/create",
    body: createLinkInput,
    response: tempLinkDto,
  }),
  linkList: endpoint({ method: "GET", path: "/api/temp/chat/:agentId/link/list", response: z.array(tempLinkDto) }),
  linkDelete: endpoint({ method: "POST", path: "/api/temp/chat/:agentId/link/:id/delete", response: nothing }),
};
