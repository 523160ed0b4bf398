import { startFakeOpenAI } from "#tests/fixtures/fake-openai";

/**
 * The fake model in its own process for the chat bench, so the model, the server and the client do not
 * share one event loop. Prints `{url, apiKey}` as one JSON line; on each chat request it reports, on stdout,
 * when the request arrived (the epoch in ms, sub-millisecond) and the last user message, which the bench
 * makes unique per stream to line up the phases of one turn.
 */
const fake = await startFakeOpenAI({
  benchChunks: Number(process.env.BENCH_CHUNKS ?? 20),
  benchDelayMs: Number(process.env.BENCH_DELAY_MS ?? 5),
  onRequest(r) {
    const last = (r.body?.messages ?? []).at(-1)?.content;
    const text = typeof last === "string" ? last : JSON.stringify(last ?? "");
    process.stdout.write(`${JSON.stringify({ arrived: performance.timeOrigin + performance.now(), text })}\n`);
  },
});
process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey })}\n`);
process.on("SIGTERM", () => void fake.close().then(() => process.exit(0)));
