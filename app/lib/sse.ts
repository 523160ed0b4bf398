import { createParser } from "eventsource-parser";
import type { z } from "zod";

/**
 * Reads a `text/event-stream` body frame by frame (browser and server alike) and hands each frame's JSON
 * `data`, checked against the contract's schema, to `onFrame`. Returning true from `onFrame` stops reading early
 * (e.g. after FINAL_RESULT). Frames that are not JSON or not of the contract are skipped: a garbled frame must not
 * end a whole answer.
 */
export async function readJsonStream<S extends z.ZodType>(
  body: ReadableStream<Uint8Array>,
  schema: S,
  onFrame: (frame: z.infer<S>) => boolean | undefined,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let stop = false;
  const parser = createParser({
    onEvent(event) {
      if (stop) return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      const frame = schema.safeParse(json);
      if (frame.success) stop = onFrame(frame.data) === true;
    },
  });
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    if (stop) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
