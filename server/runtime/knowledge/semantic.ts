import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import {
  arrayLiteral,
  ensureVectorIndex,
  hasIterativeScans,
  hasVector,
  type Row,
  rowsOf,
  vectorLiteral,
} from "./vector-index";

/** Candidates the HNSW walk keeps (pgvector's default is 40); at least the rows asked for. */
const EF_SEARCH = 100;

const ids = (list: number[]) => sql.raw(list.map((n) => Math.trunc(n)).join(",") || "0");
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const run = (tx: Tx, query: SQL) => rowsOf(tx as unknown as Db, query);

/**
 * The nearest segments and QA pairs of `kbIds` by cosine, `limit` of each, rows with `cos`. With pgvector: the
 * partial HNSW index of the vector's dimension (vector-index.ts), queried with its own expression and the literal
 * dimension. Without pgvector: every float4[] of the knowledge bases, dot products in SQL (vectors are stored
 * normalised).
 */
export async function semanticRows(db: Db, kbIds: number[], vector: number[], limit: number): Promise<Row[]> {
  const dim = vector.length;
  if (!dim || !kbIds.length) return [];
  if (!(await hasVector(db))) return arrayRows(db, kbIds, vector, limit);
  await ensureVectorIndex(db, dim);
  const query = queries(kbIds, vector, limit);
  const iterative = await hasIterativeScans(db);
  return db.transaction(async (tx) => {
    const out: Row[] = [];
    for (const table of ["segment", "qa"] as const) {
      const [few] = await run(tx, query.few(table));
      let rows: Row[] = [];
      // A handful of vectors: reading them is cheaper than walking a graph built over every knowledge base's.
      if (Number(few?.n) >= limit) {
        await applyIndexSettings(tx, limit, iterative);
        rows = await run(tx, query.nearest(table, "index"));
      }
      // Fewer than `limit` found (these knowledge bases are a small share of the index and the walk gave up):
      // the exact order of their own vectors, found through the knowledge-base index.
      if (rows.length < limit) {
        await tx.execute(sql`set local enable_sort = on`);
        rows = await run(tx, query.nearest(table, "exact"));
      }
      out.push(...rows);
    }
    return out;
  });
}

/**
 * pgvector's cost estimate charges a walk over a small graph as most of the index, so below some ten thousand
 * vectors the planner preferred a sequential scan and a sort — which detoasts and casts every float4[] (0.3 s
 * for 2 000 chunks). Only the HNSW scan returns rows in distance order without a sort, so switching sorts off
 * (for this transaction) leaves it as the plan whenever the index exists; without one the sort is still used.
 * The iterative scan (pgvector 0.8) keeps walking until `limit` rows pass the knowledge-base filter; before it,
 * or when the walk gives up, the exact fallback in semanticRows finds them.
 */
async function applyIndexSettings(tx: Tx, limit: number, iterative: boolean) {
  await tx.execute(sql.raw(`set local hnsw.ef_search = ${Math.max(EF_SEARCH, limit)}`));
  if (iterative) await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
  await tx.execute(sql`set local enable_sort = off`);
}

function queries(kbIds: number[], vector: number[], limit: number) {
  const d = sql.raw(String(vector.length));
  const kb = ids(kbIds);
  // The index's own expression and literal dimension, so the planner matches the partial HNSW index.
  const v = sql.raw(`embedding::vector(${vector.length})`);
  const qv = sql`${vectorLiteral(vector)}::vector(${d})`;
  const table = { segment: sql`knowledge_segment`, qa: sql`knowledge_qa` };
  // "index": the operator and direction the HNSW index returns rows in; "exact": the similarity itself, which
  // no index orders by, so the rows of the knowledge bases are read and sorted.
  const order = { index: sql`${v} <=> ${qv}`, exact: sql`cos desc` };
  const where = sql`where dim = ${d} and kb_id in (${kb})`;
  return {
    nearest: (t: "segment" | "qa", how: "index" | "exact") =>
      t === "segment"
        ? sql`select null as qa_id, id as raw_id, kb_id, doc_id, '' as question, '' as answer, raw_txt,
            1 - (${v} <=> ${qv}) as cos from knowledge_segment ${where} order by ${order[how]} limit ${limit}`
        : // The segment a pair came from is joined to the nearest pairs only.
          sql`select x.*, s.raw_txt from (select id as qa_id, raw_id, kb_id, doc_id, question, answer,
            1 - (${v} <=> ${qv}) as cos from knowledge_qa ${where} order by ${order[how]} limit ${limit}) x
            left join knowledge_segment s on s.id = x.raw_id`,
    few: (t: "segment" | "qa") =>
      sql`select count(*)::int as n from (select 1 from ${table[t]} where kb_id in (${kb}) and dim = ${d}
        limit ${limit}) f`,
  };
}

async function arrayRows(db: Db, kbIds: number[], vector: number[], limit: number) {
  const kb = ids(kbIds);
  const qa = sql`${arrayLiteral(vector)}::real[]`;
  const cos = (col: string) => sql`(select sum(a * b) from unnest(${sql.raw(col)}, ${qa}) as t(a, b))`;
  const dim = vector.length;
  const segs = await rowsOf(
    db,
    sql`select * from (select null as qa_id, id as raw_id, kb_id, doc_id, '' as question,
      '' as answer, raw_txt, ${cos("embedding")} as cos from knowledge_segment where dim = ${dim} and kb_id in (${kb})) x
      order by cos desc limit ${limit}`,
  );
  const qas = await rowsOf(
    db,
    sql`select * from (select q.id as qa_id, q.raw_id, q.kb_id, q.doc_id, q.question,
      q.answer, s.raw_txt, ${cos("q.embedding")} as cos from knowledge_qa q left join knowledge_segment s on s.id = q.raw_id
      where q.dim = ${dim} and q.kb_id in (${kb})) x order by cos desc limit ${limit}`,
  );
  return [...segs, ...qas];
}

/** EXPLAIN ANALYZE of the segment query as semanticRows runs it on the index (for bench/knowledge.ts). */
export async function explainSemantic(db: Db, kbIds: number[], vector: number[], limit: number) {
  if (!(await hasVector(db))) return "(no pgvector: float4[] dot products)";
  return db.transaction(async (tx) => {
    await applyIndexSettings(tx, limit, await hasIterativeScans(db));
    const query = queries(kbIds, vector, limit).nearest("segment", "index");
    const rows = await run(tx, sql`explain (analyze, costs off) ${query}`);
    return rows.map((r) => String(Object.values(r)[0])).join("\n");
  });
}
