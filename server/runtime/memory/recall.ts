import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { LEXICAL_DIM, lexicalEmbedding } from "../knowledge/lexical";
import { queryTokens } from "../knowledge/search";
import { tsvectorText } from "../knowledge/text";
import { arrayLiteral, hasVector, rowsOf, vectorLiteral } from "../knowledge/vector-index";

/** What a memory's text is searched by: its jieba tokens and its built-in lexical embedding. */
export function memoryIndex(text: string) {
  return {
    terms: sql`to_tsvector('simple', ${tsvectorText(text)})`,
    embedding: sql`${arrayLiteral(lexicalEmbedding(text))}::real[]`,
  };
}

export interface RecalledMemory {
  id: number;
  category: string;
  subCategory: string;
  memoryKey: string;
  content: string;
  isSensitive: boolean;
  score: number;
}

export interface RecallQuery {
  userId: number;
  /** Null: with any agent (a workflow's test run in the editor). */
  agentId: number | null;
  /** The user's message; empty recalls only the profile memories. */
  query: string;
  includeSensitive: boolean;
  limit: number;
}

/** A cosine below this is noise for the lexical embedding (texts sharing no rare word). */
const MIN_COSINE = 0.12;

/**
 * The memories relevant to a message (original-backend.md §5.4): every `profile` memory (who the user is), then
 * those sharing a keyword with the message (jieba tokens against the tsvector) or close to it by the lexical
 * embedding (pgvector where the database has it, float4[] dot products otherwise), best first.
 */
export async function recallMemories(db: Db, q: RecallQuery): Promise<RecalledMemory[]> {
  const tokens = q.query.trim() ? queryTokens(q.query) : [];
  const tsq = tokens.map((t) => `'${t}'`).join(" | ");
  const v = lexicalEmbedding(q.query);
  const cosine = (await hasVector(db))
    ? sql`coalesce(1 - (embedding::vector(${sql.raw(String(LEXICAL_DIM))}) <=> ${vectorLiteral(v)}::vector(${sql.raw(String(LEXICAL_DIM))})), 0)`
    : sql`coalesce((select sum(a * b) from unnest(embedding, ${`{${v.join(",")}}`}::real[]) as t(a, b)), 0)`;
  const keyword = tsq ? sql`ts_rank(terms, to_tsquery('simple', ${tsq}), 1 | 32)` : sql`0`;
  const matches = tsq ? sql`terms @@ to_tsquery('simple', ${tsq})` : sql`false`;
  const sensitive = q.includeSensitive ? sql`` : sql`and not is_sensitive`;
  const rows = await rowsOf(
    db,
    sql`select * from (
      select id, category, sub_category, memory_key, content, is_sensitive,
        case when ${matches} then ${keyword} else 0 end as kw,
        ${q.query.trim() ? cosine : sql`0`} as cos
      from memory_unit where user_id = ${q.userId} ${q.agentId ? sql`and agent_id = ${q.agentId}` : sql``} ${sensitive}
    ) m
    where category = 'profile' or kw > 0 or cos >= ${MIN_COSINE}
    order by (category = 'profile') desc, kw + cos desc, id desc
    limit ${q.limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    category: String(r.category),
    subCategory: String(r.sub_category),
    memoryKey: String(r.memory_key),
    content: String(r.content),
    isSensitive: Boolean(r.is_sensitive),
    score: Number(r.kw) + Number(r.cos),
  }));
}

/** The memories as the user turn's `<user-memory>` block reads them: one fact a line. */
export function memoryText(list: RecalledMemory[]) {
  return list.map((m) => `- ${m.content}`).join("\n");
}
