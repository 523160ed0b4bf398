import { startFakeOpenAI } from "#tests/fixtures/fake-openai";
import { startServer } from "#tests/support/server";
import { ms, percentile, readSse, table } from "./lib";

/**
 * Chat overhead: time to first and last token through /api/agent/conversation/chat versus the fake model
 * called directly, at several concurrency levels; counts lost chunks and samples RSS.
 */
const CHUNKS = 20;
const LEVELS = (process.env.BENCH_LEVELS ?? "1,50,200").split(",").map(Number);

interface Sample {
  first: number;
  last: number;
  chunks: number;
}

async function direct(url: string, key: string): Promise<Sample> {
  const started = performance.now();
  let first = Number.NaN;
  let chunks = 0;
  const res = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "fake-bench", stream: true, messages: [{ role: "user", content: "hi" }] }),
  });
  await readSse(res, (d) => {
    if (d.choices?.[0]?.delta?.content) {
      if (!chunks) first = performance.now() - started;
      chunks += 1;
    }
  });
  return { first, last: performance.now() - started, chunks };
}

async function viaApi(base: string, token: string, conversationId: number): Promise<Sample> {
  const started = performance.now();
  let first = Number.NaN;
  let chunks = 0;
  const res = await fetch(`${base}/api/agent/conversation/chat`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ conversationId, message: "hi" }),
  });
  await readSse(res, (e) => {
    if (e.eventType === "MESSAGE" && e.data?.type === "CHAT" && e.data.text) {
      if (!chunks) first = performance.now() - started;
      chunks += 1;
    }
  });
  return { first, last: performance.now() - started, chunks };
}

export async function benchChat() {
  const fake = await startFakeOpenAI({ benchChunks: CHUNKS, benchDelayMs: 5 });
  const server = await startServer();
  try {
    const admin = await server.adminToken();
    const spaceId = (await server.call("/api/space/list", { token: admin })).data[0].id;
    const modelId = (
      await server.call("/api/system/model/save", {
        token: admin,
        body: {
          name: "bench",
          model: "fake-bench",
          baseUrl: fake.url,
          apiKey: fake.apiKey,
          functionCall: "Unsupported",
        },
      })
    ).data;
    const agentId = (await server.call("/api/agent/add", { token: admin, body: { spaceId, name: "bench" } })).data;
    const agent = await server.call(`/api/agent/${agentId}`, { token: admin });
    await server.call("/api/agent/component/model/update", {
      token: admin,
      body: { id: agent.data.modelComponentConfig.id, targetId: modelId, bindConfig: {} },
    });
    const rows: (string | number)[][] = [];
    let peakRss = 0;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);
    for (const n of LEVELS) {
      const conversations = await Promise.all(
        Array.from(
          { length: n },
          async () =>
            (await server.call("/api/agent/conversation/create", { token: admin, body: { agentId } })).data
              .id as number,
        ),
      );
      const directSamples = await Promise.all(Array.from({ length: n }, () => direct(fake.url, fake.apiKey)));
      const apiSamples = await Promise.all(conversations.map((id) => viaApi(server.url, admin, id)));
      const lost = apiSamples.reduce((sum, s) => sum + (CHUNKS - s.chunks), 0);
      for (const [label, samples] of [
        ["direct", directSamples],
        ["via API", apiSamples],
      ] as const) {
        rows.push([
          n,
          label,
          ms(
            percentile(
              samples.map((s) => s.first),
              50,
            ),
          ),
          ms(
            percentile(
              samples.map((s) => s.first),
              95,
            ),
          ),
          ms(
            percentile(
              samples.map((s) => s.first),
              99,
            ),
          ),
          ms(
            percentile(
              samples.map((s) => s.last),
              50,
            ),
          ),
          ms(
            percentile(
              samples.map((s) => s.last),
              95,
            ),
          ),
          ms(
            percentile(
              samples.map((s) => s.last),
              99,
            ),
          ),
          label === "via API" ? lost : "",
        ]);
      }
    }
    clearInterval(rssTimer);
    table(
      `Chat overhead (${CHUNKS} chunks, 5 ms apart; server and fake model in one process; peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB)`,
      ["streams", "path", "TTFT p50", "TTFT p95", "TTFT p99", "last p50", "last p95", "last p99", "chunks lost"],
      rows,
    );
  } finally {
    await server.close();
    await fake.close();
  }
}
