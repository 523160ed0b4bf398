import type { Context } from "hono";
import { type AppError, Codes, envelope } from "../core";
import type { ApiEnv } from "./context";

/** Frames sent within this long after a write go out together in the next write. */
const COALESCE_MS = 10;

/** Channels holding frames for the shared flush: one timer for every open stream, not one per stream. */
const due = new Set<{ flush: () => void }>();
let flushScheduled = false;

function flushDue() {
  flushScheduled = false;
  const channels = [...due];
  due.clear();
  for (const channel of channels) channel.flush();
}

/**
 * A push channel: producers `send` frames at any time; the HTTP reader drains them. When the reader goes
 * away the channel is detached and later frames are dropped, while the producer carries on.
 *
 * A frame sent while the stream is idle is written at once (the first token is not delayed); frames that follow
 * within COALESCE_MS are joined and written together when that window ends, in order. A model streaming a token
 * every few milliseconds to 100 readers otherwise costs a socket write, a stream chunk and a read per token.
 */
export function sseChannel() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let pending = "";
  let lastWrite = Number.NEGATIVE_INFINITY;
  const write = (text: string) => {
    lastWrite = performance.now();
    try {
      controller?.enqueue(encoder.encode(text));
    } catch {
      closed = true;
    }
  };
  const self = {
    flush() {
      if (!pending) return;
      const text = pending;
      pending = "";
      if (!closed) write(text);
    },
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
      pending = "";
      due.delete(self);
    },
  });
  return {
    stream,
    send(data: unknown) {
      if (closed || !controller) return;
      const text = `data: ${JSON.stringify(data)}\n\n`;
      if (!pending && performance.now() - lastWrite >= COALESCE_MS) return write(text);
      pending += text;
      due.add(self);
      if (!flushScheduled) {
        flushScheduled = true;
        setTimeout(flushDue, COALESCE_MS);
      }
    },
    close() {
      if (closed || !controller) return;
      due.delete(self);
      self.flush();
      closed = true;
      try {
        controller.close();
      } catch {
        // the reader already went away
      }
    },
  };
}

export function sseResponse(stream: ReadableStream<Uint8Array>) {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}

const httpStatusOf: Record<string, number> = {
  [Codes.BAD_INPUT]: 400,
  [Codes.NOT_LOGGED_IN]: 401,
  [Codes.REDIRECT_LOGIN]: 401,
  [Codes.FORBIDDEN]: 403,
  [Codes.NOT_FOUND]: 404,
  [Codes.RATE_LIMITED]: 429,
};

/** Refusals before a stream opens are real HTTP errors carrying the envelope, so stream clients see them. */
export function refuseStream(c: Context<ApiEnv>, err: AppError) {
  return c.json(envelope(err.code, err.message, err.data, c.get("tid")), (httpStatusOf[err.code] ?? 400) as 400);
}
