import type { Context } from "hono";
import { type AppError, Codes, envelope } from "../core";
import type { ApiEnv } from "./context";

/** Frames sent within this long after a write go out together in the next write, while few streams are open. */
const COALESCE_MS = 10;
/** The longest window: 20 writes a second still read as a stream. */
const COALESCE_MAX_MS = 50;
/** Open streams per millisecond of window (see coalesceMs). */
const STREAMS_PER_MS = 2;

/** Streams in this process that have sent a frame and not ended. */
let openStreams = 0;

/**
 * How long frames are held after a write, given the streams open. A socket write costs the event loop some
 * 50-80 µs of CPU whatever its size (profiled at 200 streams: the largest single cost of relaying a turn). With n
 * streams each writing once per window, a window of n / STREAMS_PER_MS ms keeps their writes near a seventh of the
 * loop, leaving it to the turns starting meanwhile: 10 ms up to 20 streams, 25 ms at 50, 50 ms from 100 on.
 */
export function coalesceMs(streams: number) {
  return Math.min(COALESCE_MAX_MS, Math.max(COALESCE_MS, streams / STREAMS_PER_MS));
}

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
 * within the window (coalesceMs: 10 ms, longer while many streams are open) are joined and written together when
 * it ends, in order. A model streaming a token every few milliseconds to 100 readers otherwise costs a socket
 * write, a stream chunk and a read per token.
 */
export function sseChannel() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  let pending = "";
  let lastWrite = Number.NEGATIVE_INFINITY;
  /** Counted among the open streams from its first frame (a refused request's channel never sends) to its end. */
  let counted = false;
  const uncount = () => {
    if (counted) openStreams -= 1;
    counted = false;
  };
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
  let stream: ReadableStream<Uint8Array> | null = null;
  return {
    /**
     * Made at first use, normally when the response is returned: a web stream costs some 20-40 µs to make (Node 20's
     * transferable set-up), which a chat paid before its model request. Frames sent before are held, and written
     * as its first chunk; a channel closed before is closed right after that chunk.
     */
    get stream() {
      stream ??= new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          const held = pending;
          pending = "";
          if (held) write(held);
          if (closed) c.close();
        },
        cancel() {
          uncount();
          closed = true;
          pending = "";
          due.delete(self);
        },
      });
      return stream;
    },
    send(data: unknown) {
      if (closed) return;
      const text = `data: ${JSON.stringify(data)}\n\n`;
      if (!counted) {
        counted = true;
        openStreams += 1;
      }
      if (!controller) {
        pending += text;
        return;
      }
      const window = coalesceMs(openStreams);
      if (!pending && performance.now() - lastWrite >= window) return write(text);
      pending += text;
      due.add(self);
      if (!flushScheduled) {
        flushScheduled = true;
        setTimeout(flushDue, window);
      }
    },
    close() {
      if (closed) return;
      uncount();
      due.delete(self);
      if (!controller) {
        // Held frames stay for the stream's first chunk.
        closed = true;
        return;
      }
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
