import { notifyScopes } from "../enums";
import { id, z } from "../zod";
import { endpoint, nothing } from "./endpoint";

export const messageListInput = z.object({
  lastId: id().nullable().optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
  readStatus: z.enum(["All", "Unread", "Read"], { error: "必须是 All、Unread 或 Read" }).default("All"),
});
/** `?version=` on /event/clear: the newest event id the client handled (from collect/batch). */
export const clearEventsInput = z.object({
  version: z.coerce.number().int().min(0, "必须是非负整数").max(2_147_483_647, "超出范围").optional(),
});
export const markReadInput = z.array(id()).min(1, "至少一条").max(500);
export const sendMessageInput = z
  .object({
    scope: z.enum(notifyScopes, { error: "必须是 Broadcast、Private 或 System" }).default("Broadcast"),
    content: z.string().trim().min(1, "不能为空").max(2000, "最多 2000 个字符"),
    userIds: z.array(id()).max(1000).optional(),
  })
  .refine((v) => v.scope === "Broadcast" || (v.userIds?.length ?? 0) > 0, {
    message: "请选择接收的用户",
    path: ["userIds"],
  });

export type MessageListInput = z.infer<typeof messageListInput>;
export type SendMessageInput = z.infer<typeof sendMessageInput>;

/** The session's queued events; `version` (the newest event's id) is there only when there are events. */
export const eventBatchDto = z.object({
  hasEvent: z.boolean(),
  eventList: z.array(z.object({ type: z.string(), event: z.record(z.string(), z.unknown()) })),
  version: z.number().int().optional(),
});
export const messageDto = z.object({
  id: z.number().int(),
  notifyId: z.number().int(),
  scope: z.enum(notifyScopes),
  content: z.string(),
  readStatus: z.enum(["Unread", "Read"]),
  sender: z
    .object({
      userId: z.number().int(),
      userName: z.string(),
      nickName: z.string().nullable(),
      avatar: z.string().nullable(),
    })
    .nullable(),
  created: z.iso.datetime({ offset: true }),
});

/** /api/notify/*: the session's event queue and the user's messages. */
export const notify = {
  collect: endpoint({ method: "GET", path: "/api/notify/event/collect/batch", response: eventBatchDto }),
  clear: endpoint({ method: "POST", path: "/api/notify/event/clear", query: clearEventsInput, response: nothing }),
  messageList: endpoint({
    method: "POST",
    path: "/api/notify/message/list",
    body: messageListInput,
    response: z.array(messageDto),
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/api/notify/message/unread/count",
    response: z.number().int().nonnegative(),
  }),
  unreadClear: endpoint({ method: "POST", path: "/api/notify/message/unread/clear", response: nothing }),
  read: endpoint({ method: "POST", path: "/api/notify/message/read", body: markReadInput, response: nothing }),
};
