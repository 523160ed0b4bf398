import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { idfOf, tokenize } from "./text";
import { type Row, rowsOf } from "./vector-index";

/**
 * At most this many matching rows are ranked per query. ts_rank reads each match's whole tsvector, so ranking
 * every match of a common word in 100 000 chunks took seconds; beyond this many matches, rows matching all the
 * question's words (then any two of them) are ranked first, from at most this many of each.
 */
export const RANK_CAP = 1000;
/** The rarest words kept for the any-two tier (its query grows with the square of their number). */
const PAIR_WORDS = 8;

/** Question tokens for the tsquery; very common words (low IDF: 的, 是, 可以) only when nothing else is left. */
export function queryTokens(question: string) {
  const tokens = [...new Set(tokenize(question).map((t) => t.replace(/[^\p{L}\p{N}]/gu, "_")))];
  const rare = tokens.filter((t) => idfOf(t) >= 5);
  return rare.length ? rare : tokens;
}

const quote = (t: string) => `'${t}'`;

/** The row sources full text searches: raw segments, and QA pairs with the segment they came from. */
const SOURCES = {
  segment: (kb: SQL, q: SQL, limit: number) =>
    sql`select null as qa_id, s.id as raw_id, s.kb_id, s.doc_id, '' as question, '' as answer, s.raw_txt,
      ts_rank(s.tsv, q, 1 | 32) as rank from knowledge_segment s, ${q} q
      where s.kb_id in (${kb}) and s.tsv @@ q limit ${limit}`,
  qa: (kb: SQL, q: SQL, limit: number) =>
    sql`select x.id as qa_id, x.raw_id, x.kb_id, x.doc_id, x.question, x.answer, s.raw_txt,
      ts_rank(x.tsv, q, 1 | 32) as rank from knowledge_qa x left join knowledge_segment s on s.id = x.raw_id,
      ${q} q where x.kb_id in (${kb}) and x.tsv @@ q limit ${limit}`,
};
const COUNT = {
  segment: (kb: SQL, q: SQL, limit: number) =>
    sql`select count(*)::int as n from (select 1 from knowledge_segment s, ${q} q
      where s.kb_id in (${kb}) and s.tsv @@ q limit ${limit}) m`,
  qa: (kb: SQL, q: SQL, limit: number) =>
    sql`select count(*)::int as n from (select 1 from knowledge_qa x, ${q} q
      where x.kb_id in (${kb}) and x.tsv @@ q limit ${limit}) m`,
};

/** The `limit` best-ranked of (at most RANK_CAP) rows matching `tsq`. */
const ranked = (db: Db, source: keyof typeof SOURCES, kb: SQL, tsq: string, limit: number) =>
  rowsOf(
    db,
    sql`select * from (${SOURCES[source](kb, sql`to_tsquery('simple', ${tsq})`, RANK_CAP)}) c
      order by rank desc limit ${limit}`,
  );

/**
 * Full-text candidates of one source: jieba tokens of the question, any of them matching (GIN), ranked with
 * ts_rank. When more than RANK_CAP rows match, the ranking is bounded: rows matching all tokens, then any two,
 * then the first RANK_CAP matches of any token are ranked, and the best `limit` of those kept.
 */
export async function fullTextRows(db: Db, source: "segment" | "qa", kb: SQL, question: string, limit: number) {
  const tokens = queryTokens(question);
  if (!tokens.length) return [];
  const any = tokens.map(quote).join(" | ");
  const [count] = await rowsOf(db, COUNT[source](kb, sql`to_tsquery('simple', ${any})`, RANK_CAP + 1));
  if (Number(count?.n ?? 0) <= RANK_CAP) return ranked(db, source, kb, any, limit);
  const rare = [...tokens].sort((a, b) => idfOf(b) - idfOf(a)).slice(0, PAIR_WORDS);
  const pairs = rare.flatMap((a, i) => rare.slice(i + 1).map((b) => `(${quote(a)} & ${quote(b)})`)).join(" | ");
  const tiers = [
    ...(tokens.length > 1 ? [tokens.map(quote).join(" & ")] : []),
    ...(rare.length > 2 ? [pairs] : []),
    any,
  ];
  const found = new Map<string, Row>();
  for (const tsq of tiers) {
    for (const r of await ranked(db, source, kb, tsq, limit)) {
      const key = `${r.qa_id}:${r.raw_id}`;
      if (!found.has(key)) found.set(key, r);
    }
    if (found.size >= limit) break;
  }
  return [...found.values()];
}
