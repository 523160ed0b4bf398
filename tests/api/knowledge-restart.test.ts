import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/chat";
import { killChild, killChildServers, startChildServer } from "../support/child-server";
import { ADMIN_PASSWORD } from "../support/server";
import { K } from "./knowledge-support";

/** The real server in a child process on DATA_DIR, so it can be SIGKILLed mid-ingestion and started again. */
const startChild = async (dir: string) => {
  const server = await startChildServer(dir);
  return { ...server, call: server.data };
};

/** An OpenAI-compatible embeddings endpoint that takes its time, counting the texts it embedded. */
let embedded = 0;
let embeddings: Server;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "knowledge-restart-"));
  embeddings = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const input: string[] = JSON.parse(body).input;
    await new Promise((r) => setTimeout(r, 300));
    embedded += input.length;
    const data = input.map((text, index) => ({
      object: "embedding",
      index,
      embedding: [text.length % 7, 1, (text.codePointAt(3) ?? 0) % 5, 2],
    }));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data, model: "slow", usage: { prompt_tokens: 1, total_tokens: 1 } }));
  });
  await new Promise<void>((resolve) => embeddings.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await killChildServers();
  embeddings?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a server killed in the middle of ingesting a document", () => {
  it("resumes the document after the restart, embedding only what was left", async () => {
    const first = await startChild(dataDir);
    const { token } = await first.call<{ token: string }>("/api/user/passwordLogin", {
      body: { phoneOrEmail: "admin", password: ADMIN_PASSWORD },
    });
    const spaces = await first.call<any[]>("/api/space/list", { token });
    const spaceId = spaces.find((x) => x.type === "Personal").id;
    const baseUrl = `http://127.0.0.1:${(embeddings.address() as AddressInfo).port}`;
    const modelId = await first.call<number>("/api/model/save", {
      token,
      body: { spaceId, name: "慢向量", model: "slow", type: "Embeddings", dimension: 4, baseUrl, apiKey: "k" },
    });
    const kbId = await first.call<number>(`${K}/config/add`, {
      token,
      body: { spaceId, name: "重启测试", embeddingModelId: modelId },
    });
    const paragraphs = Array.from({ length: 400 }, (_, i) => `第 ${i} 段：星河云的第 ${i} 条服务说明，内容足够长。`);
    await first.call(`${K}/document/customAdd`, {
      token,
      body: {
        kbId,
        name: "长文档",
        fileContent: paragraphs.join("\n"),
        autoSegmentConfigFlag: false,
        segmentConfig: { segment: "DELIMITER", delimiter: "\n" },
      },
    });
    const list = () => first.call<any>(`${K}/document/list`, { token, body: { queryFilter: { kbId } } });
    // Wait until some batches are stored but not all, then kill the server without warning.
    const doc = await eventually(async () => {
      const [d] = (await list()).records;
      return d.docStatusCode === 5 && d.progress > 40 && d.progress < 80 && d;
    }, 60_000);
    await killChild(first.child);
    expect(doc.segmentCount).toBe(400);
    const before = embedded;

    const second = await startChild(dataDir);
    const done = await eventually(async () => {
      const d = await second.call<any>(`${K}/document/detailById?dataId=${doc.id}`, { token });
      return d.docStatusCode === 2 && d;
    }, 60_000);
    expect(done).toMatchObject({ progress: 100, hasEmbedding: true, segmentCount: 400, docStatusReason: null });
    const after = embedded - before;
    expect(after).toBeGreaterThan(0);
    // Only the segments without a stored vector were embedded again.
    expect(after).toBeLessThan(400);
    const hits = await second.call<any[]>(`${K}/qa/search`, {
      token,
      body: { kbId, question: "第 7 段", searchStrategy: "FULL_TEXT", topK: 3 },
    });
    expect(hits.length).toBeGreaterThan(0);
  }, 180_000);
});
