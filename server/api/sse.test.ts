import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonStream } from "#app/lib/sse";
import { sseChannel } from "./sse";

const frameSchema = z.object({ n: z.number() });

/** Every chunk the channel's reader receives, as text. */
async function chunksOf(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value));
  }
}

describe("sseChannel", () => {
  it("writes the first frame at once and joins the frames that follow into one write, in order", async () => {
    const channel = sseChannel();
    const reader = channel.stream.getReader();
    const decoder = new TextDecoder();
    const next = async () => decoder.decode((await reader.read()).value);
    for (let n = 0; n < 50; n++) channel.send({ n });
    expect(await next()).toBe('data: {"n":0}\n\n');
    expect(await next()).toBe(Array.from({ length: 49 }, (_, i) => `data: {"n":${i + 1}}\n\n`).join(""));
    channel.send({ n: 50 });
    channel.close();
    expect(await next()).toBe('data: {"n":50}\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it("hands every coalesced frame to readJsonStream as its own event, in order", async () => {
    const channel = sseChannel();
    const seen: number[] = [];
    const reading = readJsonStream(channel.stream, frameSchema, (f) => {
      seen.push(f.n);
      return undefined;
    });
    for (let n = 0; n < 200; n++) channel.send({ n, text: "标记\n换行" });
    channel.close();
    await reading;
    expect(seen).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it("flushes frames still held when the stream closes", async () => {
    const channel = sseChannel();
    const chunks = chunksOf(channel.stream);
    channel.send({ n: 1 });
    channel.send({ n: 2 });
    channel.close();
    channel.send({ n: 3 });
    expect((await chunks).join("")).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
  });

  it("drops held frames once the reader has gone away", async () => {
    const channel = sseChannel();
    const reader = channel.stream.getReader();
    channel.send({ n: 1 });
    channel.send({ n: 2 });
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {"n":1}\n\n');
    await reader.cancel();
    channel.send({ n: 3 });
    expect(() => channel.close()).not.toThrow();
  });
});
