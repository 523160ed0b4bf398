import { useEffect } from "react";
import { eventBus, isAppEventType } from "#app/lib/event-bus";
import type { EventBatch } from "#app/routes/resources/notify-events";

const EVENTS_URL = "/resources/notify/events";
const INTERVAL_MS = 5000;

/** One round: read the queue, re-emit what came, then clear it. Any failure is silent; the next round retries. */
async function pollOnce(signal: AbortSignal) {
  const res = await fetch(EVENTS_URL, { signal, headers: { accept: "application/json" } });
  if (!res.ok) return;
  const batch = (await res.json()) as EventBatch;
  if (!batch.hasEvent) return;
  for (const { type, event } of batch.eventList) {
    if (isAppEventType(type)) eventBus.emit(type, event as never);
  }
  const body = new FormData();
  if (batch.version !== undefined) body.set("version", String(batch.version));
  await fetch(EVENTS_URL, { method: "POST", body, signal });
}

/**
 * Polls the session's event queue on mount and then every 5 s while the tab is visible (a hidden tab stops; showing it
 * again polls at once), forever, without ever showing an error. Renders nothing.
 */
export function EventPoller() {
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;

    const schedule = () => {
      clearTimeout(timer);
      if (!document.hidden && !controller.signal.aborted) timer = setTimeout(tick, INTERVAL_MS);
    };
    const tick = async () => {
      if (running || document.hidden) return;
      running = true;
      try {
        await pollOnce(controller.signal);
      } catch {
        // Offline, server restarting, signed out: try again next round.
      } finally {
        running = false;
        schedule();
      }
    };
    const onVisibility = () => {
      if (document.hidden) clearTimeout(timer);
      else void tick();
    };

    document.addEventListener("visibilitychange", onVisibility);
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
  return null;
}
