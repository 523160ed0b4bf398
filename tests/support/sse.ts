import type { Envelope } from "./server";

/** One frame of the chat stream (ARCHITECTURE.md "Chat stream"). */
export interface ChatEvent {
  requestId: string;
  eventType: "PROCESSING" | "MESSAGE" | "FINAL_RESULT" | "ERROR" | "HEART_BEAT";
  data: any;
  error: string | null;
  completed: boolean;
}

export interface SseRequest {
  token?: string | null;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** Splits what has arrived so far into complete `data:` frames (parsed as JSON) and the unfinished rest. */
export function parseFrames(buffer: string): { frames: unknown[]; rest: string } {
  const frames: unknown[] = [];
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""))
      .join("\n");
    if (data) frames.push(JSON.parse(data));
  }
  return { frames, rest };
}

function requestInit(req: SseRequest, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = {
    accept: "text/event-stream",
    "content-type": "application/json",
    ...req.headers,
  };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  return { method: "POST", headers, body: req.raw ?? JSON.stringify(req.body ?? {}), signal };
}

/**
 * A stream being read in the background: `events` grows as frames arrive, `waitFor` resolves on the first
 * frame matching a predicate, `done` settles when the server ends the stream (or it is aborted).
 * A refusal before streaming (not `text/event-stream`) leaves `events` empty and `envelope` set.
 */
export function openSse<T = ChatEvent>(baseUrl: string, path: string, req: SseRequest = {}) {
  const controller = new AbortController();
  const events: T[] = [];
  const waiters: { test: (e: T) => boolean; resolve: (e: T) => void }[] = [];
  let status = 0;
  let contentType = "";
  let envelope: Envelope | undefined;
  const response = fetch(baseUrl + path, requestInit(req, controller.signal));
  const done = (async () => {
    const res = await response;
    status = res.status;
    contentType = res.headers.get("content-type") ?? "";
    if (!contentType.startsWith("text/event-stream")) {
      const text = await res.text();
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        envelope = undefined;
      }
      return events;
    }
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseFrames(buffer);
        buffer = parsed.rest;
        for (const frame of parsed.frames as T[]) {
          events.push(frame);
          for (const w of [...waiters]) {
            if (w.test(frame)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(frame);
            }
          }
        }
      }
    } catch (err) {
      if (!controller.signal.aborted) throw err;
    }
    return events;
  })();
  done.catch(() => {});
  return {
    events,
    done,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    get envelope() {
      return envelope;
    },
    abort: () => controller.abort(),
    /** The first frame (already received or still to come) matching `test`; fails after `timeoutMs`. */
    waitFor(test: (e: T) => boolean, timeoutMs = 10_000): Promise<T> {
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${events.length} frames`));
        }, timeoutMs);
        const waiter = {
          test,
          resolve: (e: T) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        waiters.push(waiter);
        done.then(
          () => {
            if (waiters.includes(waiter)) {
              clearTimeout(timer);
              waiters.splice(waiters.indexOf(waiter), 1);
              reject(new Error(`stream ended without a matching frame (${events.length} frames)`));
            }
          },
          () => {},
        );
      });
    },
  };
}
export type SseHandle<T = ChatEvent> = ReturnType<typeof openSse<T>>;

/** POSTs and reads the whole stream: status, content type, frames, and the envelope of a refusal. */
export async function postSse<T = ChatEvent>(baseUrl: string, path: string, req: SseRequest = {}) {
  const handle = openSse<T>(baseUrl, path, req);
  const events = await handle.done;
  return { status: handle.status, contentType: handle.contentType, events, envelope: handle.envelope };
}

/** Reads until `count` frames have arrived, then disconnects (the server keeps running the turn). */
export async function postSseUntil<T = ChatEvent>(baseUrl: string, path: string, req: SseRequest, count: number) {
  const handle = openSse<T>(baseUrl, path, req);
  let seen = 0;
  await handle.waitFor(() => ++seen >= count);
  handle.abort();
  return handle.events.slice(0, count);
}
