import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { defaultSegmentConfig, type SegmentConfig, segmentConfigSchema } from "#contract/api/knowledge";
import { loadConfig } from "#server/config";
import type { Deps } from "#server/core";
import { knowledgeDocuments, spaces, users } from "#server/db/schema";
import { ingestQueue } from "#server/modules/knowledge/ingest";
import { chooseEmbeddingModel } from "#server/modules/knowledge/models";
import * as repo from "#server/modules/knowledge/repo";
import { searchKbs } from "#server/modules/knowledge/search-service";
import { openPlatform } from "#server/platform";
import { extractDocument } from "#server/runtime/documents";
import { benchLatency, MODES } from "./knowledge-latency";
import { questions } from "./knowledge-questions";
import { ms, table } from "./lib";

/**
 * `npm run bench knowledge` (or `node --import tsx bench/knowledge.ts [quality|ingest|latency] [sizes]`): ingestion speed of the fixtures and
 * a generated 10 MB text through the real ingestion job, search p50/p95 per mode over generated chunks, and
 * recall@1/@5 per mode (both MIXED fusions) on the question set — all with the built-in lexical embedding on PGlite.
 */
const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/knowledge");
async function setup() {
  const config = loadConfig({
    NODE_ENV: "test",
    // KNOWLEDGE_BENCH_DIR: a directory on disk instead of memory (the 100 000-chunk run holds about a gigabyte).
    DATA_DIR: process.env.KNOWLEDGE_BENCH_DIR ?? "memory://",
    LOG_LEVEL: "silent",
    ADMIN_PASSWORD: "Bench#Pass2026",
  });
  const { deps, database } = await openPlatform(config);
  const [admin] = await deps.db.select().from(users).where(eq(users.userName, "admin"));
  const [space] = await deps.db.select().from(spaces).where(eq(spaces.creatorId, admin!.id));
  const newKb = async (name: string) => {
    const model = await chooseEmbeddingModel(deps, 1, space!.id);
    return repo.insertKb(deps.db, {
      tenantId: 1,
      spaceId: space!.id,
      creatorId: admin!.id,
      modifiedId: admin!.id,
      name,
      embeddingModelId: model.id,
    });
  };
  return { deps, database, userId: admin!.id, newKb };
}

/** A pasted document through the real ingestion job; answers when it is done. */
async function ingest(deps: Deps, kb: repo.KbRow, userId: number, name: string, text: string, segment: SegmentConfig) {
  const doc = await repo.insertDoc(deps.db, {
    kbId: kb.id,
    creatorId: userId,
    modifiedId: userId,
    name,
    pastedText: text,
    fileSize: Buffer.byteLength(text),
    segmentConfig: segment,
  });
  await ingestQueue.send(deps, { kbId: kb.id, docId: doc.id });
  for (;;) {
    // Only the status columns: the whole row carries the pasted text (10 MB), detoasted on every poll.
    const [row] = await deps.db
      .select({ statusCode: knowledgeDocuments.statusCode, segmentCount: knowledgeDocuments.segmentCount })
      .from(knowledgeDocuments)
      .where(eq(knowledgeDocuments.id, doc.id));
    if (row && (row.statusCode === 2 || row.statusCode === 10)) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function benchIngestion(deps: Deps, kb: repo.KbRow, userId: number) {
  const rows: (string | number)[][] = [];
  for (const name of ["refund.md", "membership.txt", "api-limits.json", "invoice.docx", "security.doc", "export.pdf"]) {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, name)));
    let t = performance.now();
    const extracted = await extractDocument(bytes, name);
    const extractMs = performance.now() - t;
    if (!extracted.ok) throw new Error(extracted.reason);
    t = performance.now();
    const doc = await ingest(deps, kb, userId, name, extracted.text, defaultSegmentConfig);
    const ingestMs = performance.now() - t;
    rows.push([name, extracted.text.length, ms(extractMs), ms(ingestMs), doc.segmentCount]);
  }
  const sentence = questions.map((x) => `${x.q}${x.passage}的说明见帮助中心。`).join("");
  const big = sentence.repeat(Math.ceil((10 * 1024 * 1024) / Buffer.byteLength(sentence))).slice(0, 3_500_000);
  const t = performance.now();
  const doc = await ingest(deps, kb, userId, "generated-10MB.txt", big, defaultSegmentConfig);
  const s = (performance.now() - t) / 1000;
  rows.push([
    `generated ${(Buffer.byteLength(big) / 1024 / 1024).toFixed(1)} MB`,
    big.length,
    "—",
    `${s.toFixed(1)} s (${Math.round(big.length / s)} chars/s)`,
    doc.segmentCount,
  ]);
  table(
    "Knowledge ingestion (built-in embedding, PGlite, through the pg-boss job)",
    ["document", "chars", "extract", "ingest", "segments"],
    rows,
  );
}

async function benchQuality(deps: Deps, kb: repo.KbRow, userId: number, segment: SegmentConfig, label: string) {
  for (const name of ["refund.md", "membership.txt", "api-limits.json", "invoice.docx", "security.doc", "export.pdf"]) {
    const extracted = await extractDocument(new Uint8Array(readFileSync(path.join(FIXTURES, name))), name);
    if (extracted.ok) await ingest(deps, kb, userId, name, extracted.text, segment);
  }
  const rows: (string | number)[][] = [];
  for (const [mode, strategy, fusion] of MODES) {
    let at1 = 0;
    let at5 = 0;
    for (const x of questions) {
      const hits = await searchKbs(deps, [kb], { question: x.q, topK: 5, strategy, matchingDegree: 0.3, fusion });
      const rank = hits.findIndex((h) => h.docName === x.doc && h.rawTxt.includes(x.passage));
      if (rank === 0) at1++;
      if (rank >= 0) at5++;
    }
    rows.push([mode, (at1 / questions.length).toFixed(2), (at5 / questions.length).toFixed(2)]);
  }
  table(
    `Retrieval quality on ${questions.length} questions (${label}, threshold 0.3)`,
    ["mode", "recall@1", "recall@5"],
    rows,
  );
}

type Part = "quality" | "ingest" | "latency";

export async function benchKnowledge(sizes = [10_000], parts: Part[] = ["quality", "ingest", "latency"]) {
  const { deps, database, userId, newKb } = await setup();
  if (parts.includes("quality")) {
    const delimited = segmentConfigSchema.parse({ segment: "DELIMITER", delimiter: "\n" });
    await benchQuality(deps, await newKb("quality-lines"), userId, delimited, "one segment per line");
    await benchQuality(
      deps,
      await newKb("quality-words"),
      userId,
      segmentConfigSchema.parse({ words: 120, overlaps: 10 }),
      "WORDS 120",
    );
  }
  if (parts.includes("ingest")) await benchIngestion(deps, await newKb("ingest"), userId);
  if (parts.includes("latency")) {
    for (const n of sizes) await benchLatency(deps, await newKb(`latency-${n}`), userId, n);
  }
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `bench/knowledge.ts latency 10000 100000`, `bench/knowledge.ts quality`, `bench/knowledge.ts ingest`: one part.
  const args = process.argv.slice(2);
  const sizes = args.map(Number).filter(Boolean);
  const parts = args.filter((a): a is Part => ["quality", "ingest", "latency"].includes(a));
  await benchKnowledge(sizes.length ? sizes : undefined, parts.length ? parts : undefined);
  process.exit(0);
}
