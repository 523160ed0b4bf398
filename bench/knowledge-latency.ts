import { sql } from "drizzle-orm";
import { defaultSegmentConfig } from "#contract/api/knowledge";
import type { Deps } from "#server/core";
import type * as repo from "#server/modules/knowledge/repo";
import { insertDoc, insertSegments } from "#server/modules/knowledge/repo";
import { searchKbs } from "#server/modules/knowledge/search-service";
import { lexicalEmbedding } from "#server/runtime/knowledge/lexical";
import type { Fusion, SearchStrategy } from "#server/runtime/knowledge/search";
import { explainSemantic } from "#server/runtime/knowledge/semantic";
import { ensureVectorIndex } from "#server/runtime/knowledge/vector-index";
import { questions } from "./knowledge-questions";
import { ms, percentile, table } from "./lib";

export const MODES: [string, SearchStrategy, Fusion?][] = [
  ["SEMANTIC", "SEMANTIC"],
  ["FULL_TEXT", "FULL_TEXT"],
  ["MIXED (rrf)", "MIXED", "rrf"],
  ["MIXED (fill)", "MIXED", "fill"],
];

/**
 * Generated chunks written straight into the tables in multi-row inserts, each with its full text and built-in
 * embedding (as ingestion stores them, without the job around it); the HNSW index is built afterwards. The chunks are 12 phrases drawn from the
 * question set's 54, so every question word occurs in about a fifth of them: full text's worst case.
 */
async function fill(deps: Deps, kb: repo.KbRow, userId: number, chunks: number, withIndex: boolean) {
  const words = questions.flatMap((x) => [x.q, x.passage]);
  const doc = await insertDoc(deps.db, {
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
  const t = performance.now();
  for (let i = 0; i < chunks; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, chunks - i) }, (_, j) => {
      const text = `${Array.from({ length: 12 }, () => words[Math.floor(rand() * words.length)]).join("，")}。编号 ${i + j}`;
      return { text, vector: lexicalEmbedding(text) };
    });
    await insertSegments(deps.db, { id: doc.id, kbId: kb.id }, rows, i);
  }
  const loaded = performance.now();
  // The HNSW index built over the loaded rows (on a fresh database): inserting into it row by row costs some
  // 30 ms a row on PGlite, which the 10 MB ingestion figure measures; here only search is measured.
  if (withIndex) {
    await deps.db.execute(sql`set maintenance_work_mem = '512MB'`);
    await ensureVectorIndex(deps.db, 512);
  }
  return { loadS: (loaded - t) / 1000, indexS: (performance.now() - loaded) / 1000 };
}

/** Search p50/p95 per mode over `chunks` generated chunks (each question of the set twice, top 5). */
export async function benchLatency(deps: Deps, kb: repo.KbRow, userId: number, chunks: number) {
  // KNOWLEDGE_BENCH_MODES=FULL_TEXT: full text alone, without building the HNSW index (the long part at 100 000).
  const only = process.env.KNOWLEDGE_BENCH_MODES?.split(",");
  const modes = MODES.filter(([, strategy]) => !only || only.includes(strategy));
  const { loadS, indexS } = await fill(
    deps,
    kb,
    userId,
    chunks,
    modes.some(([, strategy]) => strategy !== "FULL_TEXT"),
  );
  const rows: (string | number)[][] = [];
  for (const [label, strategy, fusion] of modes) {
    const times: number[] = [];
    for (const x of [...questions, ...questions]) {
      const t = performance.now();
      await searchKbs(deps, [kb], { question: x.q, topK: 5, strategy, matchingDegree: 0.3, fusion });
      times.push(performance.now() - t);
    }
    rows.push([label, ms(percentile(times, 50)), ms(percentile(times, 95))]);
  }
  table(
    `Knowledge search latency at ${chunks} chunks (written with embeddings and full text in ${loadS.toFixed(1)} s, HNSW index built in ${indexS.toFixed(1)} s)`,
    ["mode", "p50", "p95"],
    rows,
  );
  if (modes.every(([, strategy]) => strategy === "FULL_TEXT")) return;
  const plan = await explainSemantic(deps.db, [kb.id], lexicalEmbedding(questions[0]?.q ?? ""), 25);
  console.log(`\nPlan of the SEMANTIC segment query at ${chunks} chunks:\n${plan}`);
}
