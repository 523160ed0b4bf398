import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";

/** pgvector's HNSW limit for `vector` columns; longer embeddings are searched without an index. */
const HNSW_MAX_DIM = 2000;

export type Row = Record<string, unknown>;
/** The rows of a raw statement, whichever driver runs it (both answer `{ rows }`). */
export async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const support = new WeakMap<Db, Promise<string | null>>();
/** pgvector's version where it is enabled (PGlite always; a PostgreSQL only when it was installed), else null. */
function vectorVersion(db: Db): Promise<string | null> {
  let known = support.get(db);
  if (!known) {
    known = rowsOf(db, sql`select extversion from pg_extension where extname = 'vector'`).then((rows) =>
      rows[0] ? String(rows[0].extversion) : null,
    );
    support.set(db, known);
  }
  return known;
}

export const hasVector = async (db: Db) => (await vectorVersion(db)) !== null;

/** Iterative index scans (hnsw.iterative_scan) came with pgvector 0.8; older versions refuse the setting. */
export async function hasIterativeScans(db: Db) {
  const [major = 0, minor = 0] = ((await vectorVersion(db)) ?? "0").split(".").map(Number);
  return major > 0 || minor >= 8;
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

/**
 * A component as text: 7 significant digits is what a float4 column keeps anyway, and the shorter literal is
 * parsed faster (a built-in vector's 512 components were 10 KB of text at JavaScript's full precision).
 */
const component = (x: number) => (Number.isFinite(x) ? String(Number(x.toPrecision(7))) : "0");
/** A vector as pgvector's text form, and as a float4[] literal. */
export const vectorLiteral = (v: number[]) => `[${v.map(component).join(",")}]`;
export const arrayLiteral = (v: number[]) => `{${v.map(component).join(",")}}`;
