import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/chat";
import { ADMIN_PASSWORD, type Envelope } from "../support/server";
import { SNAPSHOT_ENV } from "../support/test-db";
import { K } from "./knowledge-support";

/** The real server in a child process on DATA_DIR, so it can be SIGKILLed mid-ingestion and started again. */
async function startChild(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "support", "serve-child.ts")], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: "silent",
      PORT: "0",
      HOST: "127.0.0.1",
      EGRESS_ALLOW: "127.0.0.1",
      ...(process.env[SNAPSHOT_ENV] ? { [SNAPSHOT_ENV]: process.env[SNAPSHOT_ENV] } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d) => {
      out += String(d);
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  const call = async <T = any>(p: string, opts: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      method: opts.body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const json = (await res.json()) as Envelope<T>;
    if (json.code !== "0000") throw new Error(`${p}: ${json.code} ${json.message}`);
    return json.data;
  };
  return { child, call };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

/** An OpenAI-compatible embeddings endpoint that takes its time, counting the texts it embedded. */
let embedded = 0;
let embeddings: Server;
let dataDir: string;
const children: ChildProcess[] = [];
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
  for (const c of children) await killed(c);
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
    await killed(first.child);
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
