import { iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { fail } from "#server/core";
import type { Db } from "#server/db/client";
import { findUserById } from "../auth";
import type { MessageListInput, SendMessageInput } from "./contract";
import * as repo from "./repo";

export interface EventBatch {
  hasEvent: boolean;
  eventList: { type: string; event: Record<string, unknown> }[];
  version?: number;
}

/**
 * The caller's session queue, without removing anything (the client clears after handling). `version` (sent only
 * with events) is the newest event id returned: clearing with it keeps events that arrived after this collect.
 */
export async function collectEvents(deps: Deps, actor: Actor): Promise<EventBatch> {
  const rows = await repo.eventsOfSession(deps.db, actor.tokenId);
  const eventList = rows.map((r) => ({ type: r.type, event: r.event }));
  const newest = rows.at(-1);
  return newest ? { hasEvent: true, eventList, version: newest.id } : { hasEvent: false, eventList };
}

/** Clears the session's queue: all of it, or (with the `version` a collect returned) what that collect saw. */
export async function clearEvents(deps: Deps, actor: Actor, version?: number) {
  await repo.clearSessionEvents(deps.db, actor.tokenId, version);
}

/** Stores a message for its recipients and tells each of their sessions about it. */
export async function notify(
  db: Db,
  tenantId: number,
  input: { senderId: number | null; scope: "Broadcast" | "Private" | "System"; content: string; userIds: number[] },
) {
  const recipients = [...new Set(input.userIds)];
  const message = await repo.insertMessage(
    db,
    { tenantId, senderId: input.senderId, scope: input.scope, content: input.content },
    recipients,
  );
  for (const userId of recipients) {
    await repo.pushEvent(db, userId, "new_notify_message", {
      id: message.id,
      scope: message.scope,
      content: message.content,
      senderId: message.senderId,
    });
  }
  return message;
}

export async function notifyAdmins(db: Db, tenantId: number, content: string) {
  return notify(db, tenantId, {
    senderId: null,
    scope: "System",
    content,
    userIds: await repo.tenantUserIds(db, tenantId, "Admin"),
  });
}

/** An admin's message: to everyone (Broadcast) or to the chosen users of the same tenant. */
export async function sendMessage(deps: Deps, actor: Actor, input: SendMessageInput) {
  let userIds: number[];
  if (input.scope === "Broadcast") userIds = await repo.tenantUserIds(deps.db, actor.tenantId);
  else {
    userIds = [];
    for (const id of input.userIds ?? []) {
      const user = await findUserById(deps.db, id);
      if (!user || user.tenantId !== actor.tenantId || user.status === "Deleted") throw fail(`用户 ${id} 不存在`);
      userIds.push(user.id);
    }
  }
  await notify(deps.db, actor.tenantId, {
    senderId: actor.userId,
    scope: input.scope,
    content: input.content,
    userIds,
  });
}

export async function listMessages(deps: Deps, actor: Actor, input: MessageListInput) {
  const rows = await repo.listForUser(deps.db, actor.userId, {
    lastId: input.lastId ?? undefined,
    size: input.size,
    readStatus: input.readStatus === "All" ? undefined : input.readStatus,
  });
  return rows.map(({ row, message, sender }) => ({
    id: row.id,
    notifyId: message.id,
    scope: message.scope,
    content: message.content,
    readStatus: row.readStatus,
    sender: sender
      ? {
          userId: sender.id,
          userName: sender.userName,
          nickName: sender.nickName,
          avatar: iconOr("User", sender.avatar),
        }
      : null,
    created: message.created.toISOString(),
  }));
}

export const unreadCount = (deps: Deps, actor: Actor) => repo.unreadCount(deps.db, actor.userId);
export const markAllRead = (deps: Deps, actor: Actor) => repo.markRead(deps.db, actor.userId);
export const markRead = (deps: Deps, actor: Actor, ids: number[]) => repo.markRead(deps.db, actor.userId, ids);
