import { createParser } from "eventsource-parser";

/**
 * Reads a `text/event-stream` body frame by frame (browser and server alike) and hands each frame's JSON
 * `data` to `onFrame`. Returning true from `onFrame` stops reading early (e.g. after FINAL_RESULT).
 * Frames that are not JSON are skipped: a garbled frame must not end a whole answer.
 */
export async function readJsonStream<T>(body: ReadableStream<Uint8Array>, onFrame: (frame: T) => boolean | undefined) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let stop = false;
  const parser = createParser({
    onEvent(event) {
      if (stop) return;
      let frame: T;
      try {
        frame = JSON.parse(event.data) as T;
      } catch {
        return;
      }
      stop = onFrame(frame) === true;
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
