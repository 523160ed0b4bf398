import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";

/** pgvector's HNSW limit for `vector` columns; longer embeddings are searched without an index. */
const HNSW_MAX_DIM = 2000;

export type Row = Record<string, unknown>;
/** The rows of a raw statement, whichever driver runs it (both answer `{ rows }`). */
export async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const support = new WeakMap<Db, Promise<boolean>>();
/** Whether the database has pgvector enabled (PGlite always; a PostgreSQL only when it was installed). */
export function hasVector(db: Db): Promise<boolean> {
  let known = support.get(db);
  if (!known) {
    known = rowsOf(db, sql`select exists (select 1 from pg_extension where extname = 'vector') as ok`).then((rows) =>
      Boolean(rows[0]?.ok),
    );
    support.set(db, known);
  }
  return known;
}

const built = new WeakMap<Db, Map<number, Promise<void>>>();

/**
 * The HNSW indexes (segments and QA pairs) for one dimension: partial indexes over `embedding::vector(dim)` where
 * `dim` matches, built when the first vectors of that length are stored. Searches repeat the same expression and
 * the literal dimension so the planner picks them.
 */
export function ensureVectorIndex(db: Db, dim: number): Promise<void> {
  let byDim = built.get(db);
  if (!byDim) {
    byDim = new Map();
    built.set(db, byDim);
  }
  let done = byDim.get(dim);
  if (!done) {
    done = (async () => {
      if (!Number.isInteger(dim) || dim <= 0 || dim > HNSW_MAX_DIM || !(await hasVector(db))) return;
      for (const table of ["knowledge_segment", "knowledge_qa"]) {
        await db.execute(
          sql.raw(
            `create index if not exists ${table}_hnsw_${dim} on ${table} using hnsw ((embedding::vector(${dim})) vector_cosine_ops) where dim = ${dim}`,
          ),
        );
      }
    })();
    byDim.set(dim, done);
    done.catch(() => byDim.delete(dim));
  }
  return done;
}

/** A vector as pgvector's text form, also accepted as a float4[] literal after swapping the brackets. */
export const vectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(",")}]`;
export const arrayLiteral = (v: number[]) => `{${v.map((x) => (Number.isFinite(x) ? x : 0)).join(",")}}`;
