import { sql } from "drizzle-orm";
import type { SearchHit } from "#contract/api/knowledge";
import type { searchStrategies } from "#contract/enums";
import type { Db } from "#server/db/client";
import { fullTextRows } from "./full-text";
import { semanticRows } from "./semantic";
import { type Row, rowsOf } from "./vector-index";

// Long-term memory recall (server/runtime/memory) tokenises its queries the same way.
export { queryTokens } from "./full-text";

export type SearchStrategy = (typeof searchStrategies)[number];
/** How MIXED combines both lists: reciprocal-rank fusion or the original's fill rule (bench/knowledge.ts quality). */
export type Fusion = "rrf" | "fill";
/** The better of the two on the fixtures' question set (see the bench's figures in the closing note). */
export const DEFAULT_FUSION: Fusion = "rrf";

/** The knowledge bases one query embedding serves (those sharing an embedding model). */
export interface VectorGroup {
  kbIds: number[];
  vector: number[];
  /** Maps a raw cosine to the reported score (the built-in lexical model's similarities run lower). */
  calibrate?: (cosine: number) => number;
}

export interface SearchQuery {
  kbIds: number[];
  question: string;
  topK: number;
  strategy: SearchStrategy;
  matchingDegree: number;
  ignoreDocStatus: boolean;
  /** Needed for SEMANTIC and MIXED. */
  vectors: VectorGroup[];
  fusion?: Fusion;
}

interface Candidate {
  qaId: number | null;
  rawId: number | null;
  kbId: number;
  docId: number | null;
  question: string;
  answer: string;
  rawTxt: string;
  score: number;
}

const ids = (list: number[]) => sql.raw(list.map((n) => Math.trunc(n)).join(",") || "0");
const CANDIDATES = 3;

/**
 * Searches raw segments and QA pairs of the given knowledge bases. SEMANTIC: cosine similarity (pgvector HNSW, or
 * float4[] dot products without pgvector), cut at `matchingDegree`. FULL_TEXT: jieba tokens against the tsvector
 * (GIN), score = normalised rank. MIXED: both, fused. Hits are deduplicated by their text and cut to topK.
 */
export async function searchKnowledge(db: Db, q: SearchQuery): Promise<SearchHit[]> {
  if (!q.kbIds.length) return [];
  const want = q.topK * CANDIDATES + 10;
  const semantic =
    q.strategy === "FULL_TEXT"
      ? []
      : (await Promise.all(q.vectors.map((g) => semanticSearch(db, g, want))))
          .flat()
          .filter((c) => c.score >= q.matchingDegree);
  const fullText = q.strategy === "SEMANTIC" ? [] : await fullTextSearch(db, q.kbIds, q.question, want);
  const usable = await usableDocs(db, [...semantic, ...fullText], q.ignoreDocStatus);
  const keep = (c: Candidate) => c.docId === null || usable.has(c.docId);
  const sem = dedupe(semantic.filter(keep).sort((a, b) => b.score - a.score));
  const ft = dedupe(fullText.filter(keep).sort((a, b) => b.score - a.score));
  let hits: Candidate[];
  if (q.strategy === "SEMANTIC") hits = sem;
  else if (q.strategy === "FULL_TEXT") hits = ft;
  else hits = (q.fusion ?? DEFAULT_FUSION) === "rrf" ? rrf(sem, ft, q.matchingDegree) : fill(sem, ft, q);
  return hits.slice(0, q.topK).map((c) => ({
    ...c,
    docId: c.docId ?? 0,
    docName: c.docId ? (usable.get(c.docId) ?? "") : "",
    score: Math.round(c.score * 10_000) / 10_000,
  }));
}

const textKey = (c: Candidate) => c.rawTxt.replace(/\s+/g, "");
function dedupe(list: Candidate[]) {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = textKey(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Reciprocal-rank fusion (k = 60); a hit keeps its semantic score, or the threshold when only full text found it. */
function rrf(sem: Candidate[], ft: Candidate[], threshold: number) {
  const fused = new Map<string, { c: Candidate; rank: number }>();
  const add = (list: Candidate[], semanticList: boolean) =>
    list.forEach((c, i) => {
      const key = textKey(c);
      const seen = fused.get(key);
      const share = 1 / (60 + i + 1);
      if (seen) seen.rank += share;
      else fused.set(key, { c: semanticList ? c : { ...c, score: threshold }, rank: share });
    });
  add(sem, true);
  add(ft, false);
  return [...fused.values()].sort((a, b) => b.rank - a.rank).map((x) => x.c);
}

/** The original's rule: semantic hits first; full-text hits not already present fill the rest at the threshold. */
function fill(sem: Candidate[], ft: Candidate[], q: SearchQuery) {
  const top = sem.slice(0, q.topK);
  const present = new Set(top.map(textKey));
  for (const c of ft) {
    if (top.length >= q.topK) break;
    if (present.has(textKey(c))) continue;
    present.add(textKey(c));
    top.push({ ...c, score: q.matchingDegree });
  }
  return top;
}

const toCandidate = (r: Row, score: number): Candidate => {
  const qaId = r.qa_id === null || r.qa_id === undefined ? null : Number(r.qa_id);
  const rawTxt = String(r.raw_txt ?? "");
  return {
    qaId,
    rawId: r.raw_id === null || r.raw_id === undefined ? null : Number(r.raw_id),
    kbId: Number(r.kb_id),
    docId: r.doc_id === null || r.doc_id === undefined ? null : Number(r.doc_id),
    question: String(r.question ?? ""),
    answer: String(r.answer ?? ""),
    // A QA pair from no segment shows its answer as the passage.
    rawTxt: rawTxt || String(r.answer ?? ""),
    score,
  };
};

async function semanticSearch(db: Db, g: VectorGroup, limit: number): Promise<Candidate[]> {
  const rows = await semanticRows(db, g.kbIds, g.vector, limit);
  const calibrate = g.calibrate ?? ((c: number) => c);
  return rows.map((r) => toCandidate(r, calibrate(Math.max(0, Number(r.cos)))));
}

async function fullTextSearch(db: Db, kbIds: number[], question: string, limit: number): Promise<Candidate[]> {
  const kb = ids(kbIds);
  const rows = [
    ...(await fullTextRows(db, "segment", kb, question, limit)),
    ...(await fullTextRows(db, "qa", kb, question, limit)),
  ];
  return rows.map((r) => toCandidate(r, Number(r.rank)));
}

/** The documents hits may come from, with their names: finished ones unless `ignoreDocStatus`. */
async function usableDocs(db: Db, hits: Candidate[], ignoreDocStatus: boolean) {
  const docIds = [...new Set(hits.map((h) => h.docId).filter((d): d is number => d !== null))];
  const names = new Map<number, string>();
  if (!docIds.length) return names;
  const rows = await rowsOf(db, sql`select id, name, status_code from knowledge_document where id in (${ids(docIds)})`);
  for (const r of rows) {
    if (ignoreDocStatus || Number(r.status_code) === 2) names.set(Number(r.id), String(r.name));
  }
  return names;
}
