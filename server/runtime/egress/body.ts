import type { IncomingMessage } from "node:http";
import { EgressError } from "./errors";
import type { Lifetime } from "./lifetime";

/** A response body read chunk by chunk; `return()` (a `for await` left early) drops the rest and the connection. */
export type BodyChunks = AsyncIterableIterator<Buffer> & { text(): Promise<string> };

/** Bytes held unread before the socket is paused (the peer then waits, as TCP makes it). */
const HELD_BYTES = 64 * 1024;

const tooLarge = (maxBytes: number) =>
  new EgressError("too-large", `对方返回的内容过大（超过 ${Math.round(maxBytes / 1024 / 1024)} MB）`);

/**
 * The body of a response as an async iterator of Buffers, read straight from Node's IncomingMessage: one promise
 * per read, no web stream. Chunks that arrived since the last read come joined. It fails with the size cap's
 * EgressError once more than `maxBytes` arrived, with the exchange's abort reason (the caller's, or the total
 * timeout's) when its life is aborted, and with a "terminated" error when the peer closes the connection before the
 * body's end. The exchange's life ends when the body ended, failed or was dropped.
 */
export function bodyChunks(
  res: IncomingMessage,
  { maxBytes, life, empty }: { maxBytes: number; life: Lifetime; empty: boolean },
): BodyChunks {
  const queue: Buffer[] = [];
  let held = 0;
  let received = 0;
  let state: "open" | "ended" | "failed" = "open";
  let failure: unknown;
  let waiting: { resolve: (r: IteratorResult<Buffer>) => void; reject: (error: unknown) => void } | null = null;

  const take = (): Buffer => {
    const value = queue.length === 1 ? (queue[0] as Buffer) : Buffer.concat(queue, held);
    queue.length = 0;
    held = 0;
    if (res.isPaused()) res.resume();
    return value;
  };
  const answer = () => {
    const w = waiting;
    if (!w) return;
    if (queue.length) w.resolve({ value: take(), done: false });
    else if (state === "failed") w.reject(failure);
    else if (state === "ended") w.resolve({ value: undefined, done: true });
    else return;
    waiting = null;
  };
  const settle = (next: "ended" | "failed", error?: unknown) => {
    if (state !== "open") return;
    state = next;
    failure = error;
    if (next === "failed") {
      queue.length = 0;
      held = 0;
    }
    life.end();
    answer();
  };
  life.onAbort = (reason) => {
    settle("failed", reason);
    res.destroy();
  };

  if (life.aborted) {
    // Aborted between the head's arrival and this read.
    settle("failed", life.aborted.reason);
    res.destroy();
  } else if (empty) {
    res.resume();
    settle("ended");
  } else {
    res.on("data", (chunk: Buffer) => {
      if (state !== "open") return;
      received += chunk.length;
      if (received > maxBytes) {
        settle("failed", tooLarge(maxBytes));
        res.destroy();
        return;
      }
      queue.push(chunk);
      held += chunk.length;
      if (waiting) answer();
      else if (held >= HELD_BYTES) res.pause();
    });
    res.on("end", () => settle("ended"));
    res.on("error", (error) => settle("failed", error));
    res.on("close", () => {
      if (!res.complete) settle("failed", new Error("terminated: the other side closed the response"));
    });
  }

  const chunks: BodyChunks = {
    next() {
      if (queue.length) return Promise.resolve({ value: take(), done: false });
      if (state === "failed") return Promise.reject(failure);
      if (state === "ended") return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    return() {
      if (state === "open") {
        settle("ended");
        res.destroy();
      }
      queue.length = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return chunks;
    },
    async text() {
      const parts: Buffer[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      return Buffer.concat(parts).toString("utf8");
    },
  };
  return chunks;
}
