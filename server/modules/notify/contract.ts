import { id, z } from "../../lib/zod";

export const messageListInput = z.object({
  lastId: id().nullable().optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
  readStatus: z.enum(["All", "Unread", "Read"], { error: "必须是 All、Unread 或 Read" }).default("All"),
});
/** `?version=` on /event/clear: the newest event id the client handled (from collect/batch). */
export const clearEventsInput = z.object({ version: z.coerce.number().int().min(0, "必须是非负整数").optional() });
export const markReadInput = z.array(id()).min(1, "至少一条").max(500);
export const sendMessageInput = z
  .object({
    scope: z
      .enum(["Broadcast", "Private", "System"], { error: "必须是 Broadcast、Private 或 System" })
      .default("Broadcast"),
    content: z.string().trim().min(1, "不能为空").max(2000, "最多 2000 个字符"),
    userIds: z.array(id()).max(1000).optional(),
  })
  .refine((v) => v.scope === "Broadcast" || (v.userIds?.length ?? 0) > 0, {
    message: "请选择接收的用户",
    path: ["userIds"],
  });

export type MessageListInput = z.infer<typeof messageListInput>;
export type SendMessageInput = z.infer<typeof sendMessageInput>;
