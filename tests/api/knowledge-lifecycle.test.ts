import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace } from "../support/agents";
import { eventually } from "../support/chat";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { documents, K, newKb, search, settled } from "./knowledge-support";

/**
 * What happens to a knowledge base's vectors and jobs over its life: a new embedding model re-embeds it in the
 * background, and deleting it (or a document) while documents are being ingested leaves no rows and no jobs.
 */
let s: TestServer;
let token: string;
let spaceId: number;
let modelId: number;

/** An OpenAI-compatible embeddings endpoint (4 dimensions); `delayMs` slows each request, `texts` counts inputs. */
const fake = { delayMs: 0, texts: 0 };
let embeddings: Server;
const vectorOf = (text: string) => [text.includes("退款") ? 1 : 0, text.includes("发票") ? 1 : 0, 0.1, 0.1];

beforeAll(async () => {
  embeddings = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const input: string[] = JSON.parse(body).input;
    if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
    fake.texts += input.length;
    const data = input.map((text, index) => ({ object: "embedding", index, embedding: vectorOf(text) }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data, model: "fake", usage: { prompt_tokens: 1, total_tokens: 1 } }));
  });
  await new Promise<void>((resolve) => embeddings.listen(0, "127.0.0.1", resolve));
  s = await startServer();
  token = (await s.newUser()).token;
  spaceId = await personalSpace(s, token);
  const baseUrl = `http://127.0.0.1:${(embeddings.address() as AddressInfo).port}`;
  modelId = ok<number>(
    await s.call("/api/model/save", {
      token,
      body: { spaceId, name: "测试向量", model: "fake", type: "Embeddings", dimension: 4, baseUrl, apiKey: "k" },
    }),
  );
}, 120_000);
afterAll(async () => {
  await s?.close();
  embeddings?.close();
});

const paste = (kbId: number, name: string, fileContent: string) =>
  s.call(`${K}/document/customAdd`, {
    token,
    body: { kbId, name, fileContent, autoSegmentConfigFlag: false, segmentConfig: { segment: "DELIMITER" } },
  });

/** pg-boss jobs of a knowledge base that are still to run or running. */
const liveJobs = async (kbId: number) =>
  Number(
    (
      await rows<{ n: string }>(
        s,
        sql`select count(*) as n from pgboss.job where name like 'knowledge-%' and data->>'kbId' = ${String(kbId)}
          and state in ('created', 'retry', 'active')`,
      )
    )[0]?.n,
  );

describe("a knowledge base over its life", () => {
  it("re-embeds every segment in the background when its embedding model changes", async () => {
    const kbId = await newKb(s, token, spaceId);
    ok(await paste(kbId, "说明", "年付套餐可以申请退款，扣除手续费。\n电子发票在两个工作日内开具完成。"));
    await settled(s, token, kbId);
    expect(await count(s, "knowledge_segment", sql`kb_id = ${kbId} and dim = 512`)).toBe(2);

    const before = fake.texts;
    ok(await s.call(`${K}/config/update`, { token, body: { id: kbId, embeddingModelId: modelId } }));
    const [doc] = await settled(s, token, kbId);
    expect(doc).toMatchObject({ docStatusCode: 2, hasEmbedding: true, segmentCount: 2 });
    expect(fake.texts - before).toBeGreaterThanOrEqual(2);
    expect(await count(s, "knowledge_segment", sql`kb_id = ${kbId} and dim = 4`)).toBe(2);
    expect(await count(s, "knowledge_segment", sql`kb_id = ${kbId} and dim <> 4`)).toBe(0);
    // The question is embedded by the new model too, and finds the passage it points at.
    const [hit] = await search(s, token, kbId, "怎么退款", "SEMANTIC", { matchingDegree: 0.5 });
    expect(hit?.rawTxt).toContain("退款");
  });

  it("deleting a knowledge base mid-ingestion drops its queued jobs and leaves none of its rows", async () => {
    fake.delayMs = 300;
    const kbId = await newKb(s, token, spaceId, { embeddingModelId: modelId });
    const long = Array.from({ length: 300 }, (_, i) => `第 ${i} 条：退款与发票的说明，内容足够长。`).join("\n");
    for (const name of ["一", "二", "三", "四"]) ok(await paste(kbId, name, long));
    // Two documents embed at a time; the others wait in the queue.
    await eventually(async () => (await documents(s, token, kbId)).some((d) => d.docStatusCode === 5), 30_000);
    expect(await liveJobs(kbId)).toBeGreaterThan(0);

    ok(await s.call(`${K}/config/deleteById?id=${kbId}`, { token }));
    // Running jobs stop at their next batch (their document is gone); nothing is left to run.
    await eventually(async () => (await liveJobs(kbId)) === 0, 30_000);
    for (const table of ["knowledge_document", "knowledge_segment", "knowledge_qa"]) {
      expect(await count(s, table, sql`kb_id = ${kbId}`), table).toBe(0);
    }
    fake.delayMs = 0;
  }, 60_000);

  it("deleting a document mid-ingestion removes its segments and its job", async () => {
    fake.delayMs = 300;
    const kbId = await newKb(s, token, spaceId, { embeddingModelId: modelId });
    const long = Array.from({ length: 300 }, (_, i) => `第 ${i} 条：退款说明，内容足够长。`).join("\n");
    ok(await paste(kbId, "长文档", long));
    const [{ id: docId }] = await documents(s, token, kbId);
    await eventually(async () => (await count(s, "knowledge_segment", sql`doc_id = ${docId}`)) > 0, 30_000);

    ok(await s.call(`${K}/document/deleteById?id=${docId}`, { token }));
    await eventually(async () => (await liveJobs(kbId)) === 0, 30_000);
    expect(await count(s, "knowledge_segment", sql`doc_id = ${docId}`)).toBe(0);
    fake.delayMs = 0;
  }, 60_000);
});
