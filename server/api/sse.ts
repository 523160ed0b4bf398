import type { Context } from "hono";
import { type AppError, Codes, envelope } from "../core";
import type { ApiEnv } from "./context";

/**
 * A push channel: producers `send` frames at any time; the HTTP reader drains them. When the reader goes
 * away the channel is detached and later frames are dropped, while the producer carries on.
 */
export function sseChannel() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      closed = true;
    },
  });
  return {
    stream,
    send(data: unknown) {
      if (closed || !controller) return;
      try {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(data)}\n\n`));
      } catch {
        closed = true;
      }
    },
    close() {
      if (closed || !controller) return;
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
