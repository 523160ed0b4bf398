import { useEffect, useRef } from "react";

/**
 * What the notification poller re-emits in the page (types and payloads as /api/notify/event/collect/batch
 * sends them): the chat page listens for refresh_chat_message and chat_finished, the bell for new messages.
 */
export interface AppEvents {
  new_notify_message: { id: number; scope: string; content: string; senderId: number | null };
  refresh_chat_message: { conversationId: number; message: unknown };
  chat_finished: { conversationId: number; agentId: number; requestId: string; status: "COMPLETE" | "FAILED" };
}

export type AppEventType = keyof AppEvents;
type Handler<K extends AppEventType> = (event: AppEvents[K]) => void;

const handlers = new Map<AppEventType, Set<Handler<never>>>();

export const eventBus = {
  on<K extends AppEventType>(type: K, handler: Handler<K>) {
    const set = handlers.get(type) ?? new Set();
    handlers.set(type, set);
    set.add(handler as Handler<never>);
    return () => {
      set.delete(handler as Handler<never>);
    };
  },
  emit<K extends AppEventType>(type: K, event: AppEvents[K]) {
    for (const handler of handlers.get(type) ?? []) {
      // One failing listener must not keep the others (or the poller) from running.
      try {
        (handler as Handler<K>)(event);
      } catch (error) {
        console.error(`event bus: ${type} listener failed`, error);
      }
    }
  },
};

export const isAppEventType = (type: string): type is AppEventType =>
  type === "new_notify_message" || type === "refresh_chat_message" || type === "chat_finished";

/** Subscribes a component for as long as it is mounted; the latest `handler` is always the one called. */
export function useAppEvent<K extends AppEventType>(type: K, handler: Handler<K>) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => eventBus.on(type, (event) => latest.current(event)), [type]);
}
