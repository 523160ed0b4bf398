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
import { EMBED_BATCH } from "#server/runtime/knowledge/embed";
import { lexicalEmbedding } from "#server/runtime/knowledge/lexical";
import type { Fusion, SearchStrategy } from "#server/runtime/knowledge/search";
import { ensureVectorIndex } from "#server/runtime/knowledge/vector-index";
import { questions } from "./knowledge-questions";
import { ms, percentile, table } from "./lib";

/**
 * `npm run bench knowledge` (or `node --import tsx bench/knowledge.ts [sizes]`): ingestion speed of the fixtures and
 * a generated 10 MB text through the real ingestion job, search p50/p95 per mode over generated chunks, and
 * recall@1/@5 per mode (both MIXED fusions) on the question set — all with the built-in lexical embedding on PGlite.
 */
const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/knowledge");
const MODES: [string, SearchStrategy, Fusion?][] = [
  ["SEMANTIC", "SEMANTIC"],
  ["FULL_TEXT", "FULL_TEXT"],
  ["MIXED (rrf)", "MIXED", "rrf"],
  ["MIXED (fill)", "MIXED", "fill"],
];

async function setup() {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
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
    const [row] = await deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, doc.id));
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

/** Generated chunks straight into the tables (as the job stores them), embedded with the built-in model. */
async function fill(deps: Deps, kb: repo.KbRow, userId: number, chunks: number) {
  const words = questions.flatMap((x) => [x.q, x.passage]);
  const doc = await repo.insertDoc(deps.db, {
    kbId: kb.id,
    creatorId: userId,
    modifiedId: userId,
    name: `generated-${chunks}`,
    pastedText: "",
    segmentConfig: defaultSegmentConfig,
    statusCode: 2,
    segmentCount: chunks,
  });
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const texts = Array.from(
    { length: chunks },
    (_, i) => `${Array.from({ length: 12 }, () => words[Math.floor(rand() * words.length)]).join("，")}。编号 ${i}`,
  );
  const t = performance.now();
  for (let i = 0; i < texts.length; i += 2000) {
    await repo.insertSegments(deps.db, { id: doc.id, kbId: kb.id }, texts.slice(i, i + 2000), i);
  }
  await ensureVectorIndex(deps.db, 512);
  for (;;) {
    const batch = await repo.segmentsToEmbed(deps.db, doc.id, EMBED_BATCH * 8);
    if (!batch.length) break;
    await repo.storeEmbeddings(
      deps.db,
      "segment",
      batch.map((x) => ({ id: x.id, vector: lexicalEmbedding(x.rawTxt) })),
    );
  }
  return (performance.now() - t) / 1000;
}

async function benchLatency(deps: Deps, kb: repo.KbRow, userId: number, chunks: number) {
  const loadS = await fill(deps, kb, userId, chunks);
  const rows: (string | number)[][] = [];
  for (const [label, strategy, fusion] of MODES) {
    const times: number[] = [];
    for (const x of [...questions, ...questions]) {
      const t = performance.now();
      await searchKbs(deps, [kb], { question: x.q, topK: 5, strategy, matchingDegree: 0.3, fusion });
      times.push(performance.now() - t);
    }
    rows.push([label, ms(percentile(times, 50)), ms(percentile(times, 95))]);
  }
  table(
    `Knowledge search latency at ${chunks} chunks (loaded and embedded in ${loadS.toFixed(1)} s)`,
    ["mode", "p50", "p95"],
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

export async function benchKnowledge(sizes = [10_000], onlyLatency = false) {
  const { deps, database, userId, newKb } = await setup();
  if (onlyLatency) {
    for (const n of sizes) await benchLatency(deps, await newKb(`latency-${n}`), userId, n);
    await database.close();
    return;
  }
  const delimited = segmentConfigSchema.parse({ segment: "DELIMITER", delimiter: "\n" });
  await benchQuality(deps, await newKb("quality-lines"), userId, delimited, "one segment per line");
  await benchQuality(
    deps,
    await newKb("quality-words"),
    userId,
    segmentConfigSchema.parse({ words: 120, overlaps: 10 }),
    "WORDS 120",
  );
  await benchIngestion(deps, await newKb("ingest"), userId);
  for (const n of sizes) await benchLatency(deps, await newKb(`latency-${n}`), userId, n);
  await database.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `bench/knowledge.ts latency 3000`: only the search latency at the given sizes.
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  await benchKnowledge(sizes.length ? sizes : undefined, process.argv[2] === "latency");
  process.exit(0);
}
