import type pg from "pg";

/** What node-postgres's `query` takes as its first argument: a text, or a config carrying one. */
export type QueryConfig = { text?: string; name?: string; values?: unknown[]; rowMode?: string };
export type RunQuery = (config: string | QueryConfig, values?: unknown) => Promise<pg.QueryResult>;

/** One statement as `interceptQuery`'s handler sees it: its text, the call's own arguments, and the original query. */
export interface Statement {
  text: string;
  config: string | QueryConfig;
  values: unknown;
  run: RunQuery;
}

/**
 * Puts `handle` in front of a node-postgres pool's or client's `query` for the calls that carry a text and await a
 * promise (drizzle's and ours); a callback-style call or a submittable goes straight through. pg-named.ts and
 * pg-read-cache.ts each put one there.
 */
export function interceptQuery(target: pg.Pool | pg.PoolClient, handle: (statement: Statement) => Promise<unknown>) {
  const run = target.query.bind(target) as RunQuery;
  target.query = ((config: string | QueryConfig, values?: unknown, callback?: unknown) => {
    const text = typeof config === "string" ? config : config?.text;
    if (typeof text !== "string" || typeof values === "function" || callback)
      return (run as (...a: unknown[]) => unknown)(config, values, callback);
    return handle({ text, config, values, run });
  }) as typeof target.query;
  return run;
}
