import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { readJsonStream } from "#app/lib/sse";
import { coalesceMs, sseChannel } from "./sse";

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
    // The clock stands still while the frames are sent: on a busy machine sending them took longer than a window.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const channel = sseChannel();
      const reader = channel.stream.getReader();
      const decoder = new TextDecoder();
      const next = async () => decoder.decode((await reader.read()).value);
      for (let n = 0; n < 50; n++) channel.send({ n });
      expect(await next()).toBe('data: {"n":0}\n\n');
      const joined = next();
      await vi.advanceTimersByTimeAsync(10);
      expect(await joined).toBe(Array.from({ length: 49 }, (_, i) => `data: {"n":${i + 1}}\n\n`).join(""));
      channel.send({ n: 50 });
      channel.close();
      expect(await next()).toBe('data: {"n":50}\n\n');
      expect((await reader.read()).done).toBe(true);
    } finally {
      // The shared flush timer must fire (on fake time) before real timers are back, or it never would.
      await vi.runOnlyPendingTimersAsync();
      vi.useRealTimers();
    }
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

  it("holds the frames sent before its stream is made and writes them as the stream's first chunk", async () => {
    const channel = sseChannel();
    channel.send({ n: 1 });
    channel.send({ n: 2 });
    const reader = channel.stream.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
    channel.send({ n: 3 });
    channel.close();
    expect(decoder.decode((await reader.read()).value)).toBe('data: {"n":3}\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it("ends its stream after the held frames when it was closed before the stream was made", async () => {
    const channel = sseChannel();
    channel.send({ n: 1 });
    channel.close();
    channel.send({ n: 2 });
    expect((await chunksOf(channel.stream)).join("")).toBe('data: {"n":1}\n\n');
    const empty = sseChannel();
    empty.close();
    expect(await chunksOf(empty.stream)).toEqual([]);
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

describe("the coalescing window", () => {
  it("is 10 ms with few streams open and grows with them up to 50 ms", () => {
    expect(coalesceMs(0)).toBe(10);
    expect(coalesceMs(20)).toBe(10);
    expect(coalesceMs(50)).toBe(25);
    expect(coalesceMs(100)).toBe(50);
    expect(coalesceMs(500)).toBe(50);
  });

  it("holds frames longer while many streams are open, and counts a stream only until it ends", async () => {
    // The flush timer is shared: wait for one still pending from earlier tests (it fires on real time).
    const probe = sseChannel();
    const probeReader = probe.stream.getReader();
    probe.send({ n: 0 });
    probe.send({ n: 1 });
    await probeReader.read();
    await probeReader.read();
    probe.close();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const crowd = Array.from({ length: 100 }, () => sseChannel());
      const readers = crowd.map((c) => c.stream.getReader());
      for (const c of crowd) c.send({ n: -1 });
      const channel = sseChannel();
      const reader = channel.stream.getReader();
      const decoder = new TextDecoder();
      channel.send({ n: 0 });
      expect(decoder.decode((await reader.read()).value)).toBe('data: {"n":0}\n\n');
      // 101 streams open: a frame 20 ms after a write is held (it would go at once with 10 ms windows)...
      vi.advanceTimersByTime(20);
      channel.send({ n: 1 });
      const next = reader.read();
      let written = false;
      void next.then(() => {
        written = true;
      });
      await vi.advanceTimersByTimeAsync(20);
      expect(written).toBe(false);
      // ...until the 50 ms window ends.
      await vi.advanceTimersByTimeAsync(30);
      expect(decoder.decode((await next).value)).toBe('data: {"n":1}\n\n');
      // Ended (closed or cancelled), the crowd no longer counts: 20 ms after a write is idle again.
      for (const [i, c] of crowd.entries()) {
        if (i % 2) c.close();
        else await readers[i]?.cancel();
      }
      vi.advanceTimersByTime(20);
      channel.send({ n: 2 });
      expect(decoder.decode((await reader.read()).value)).toBe('data: {"n":2}\n\n');
      channel.close();
    } finally {
      // The shared flush timer must fire (on fake time) before real timers are back, or it never would.
      await vi.runOnlyPendingTimersAsync();
      vi.useRealTimers();
    }
  });
});
