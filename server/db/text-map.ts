/**
 * Maps keyed by SQL text (drizzle builds the same texts again and again; facts about a text are kept rather than
 * found anew). Bounded in entries and in characters, the oldest text going first: a user's own SQL (a data table's
 * statement, up to the request body limit) must not pin memory as map keys or push out the texts the product asks
 * all the time. A text longer than MAX_KEPT_TEXT is never kept; ours are under 20 000 characters (the turn start of
 * 32 turns is about 10 000).
 */
export const MAX_KEPT_TEXT = 64_000;
/** Characters of SQL text one map holds at most (the named statements bound their own maps by it too). */
export const MAX_TEXT_CHARS = 2_000_000;

export function textMap<T>(maxEntries: number) {
  const kept = new Map<string, T>();
  let chars = 0;
  const drop = (sql: string) => {
    if (kept.delete(sql)) chars -= sql.length;
  };
  return {
    get: (sql: string) => kept.get(sql),
    has: (sql: string) => kept.has(sql),
    /** Keeps `value` for `sql` (as the newest), then lets the oldest go while over a bound. */
    set(sql: string, value: T) {
      if (sql.length > MAX_KEPT_TEXT) return;
      drop(sql);
      kept.set(sql, value);
      chars += sql.length;
      while (kept.size > maxEntries || chars > MAX_TEXT_CHARS) drop(kept.keys().next().value as string);
    },
    delete: drop,
  };
}

/** `compute` kept per text in a textMap of `maxEntries` texts. */
export function perText<T>(compute: (sql: string) => T, maxEntries = 2_000): (sql: string) => T {
  const kept = textMap<T>(maxEntries);
  return (sql) => {
    if (kept.has(sql)) return kept.get(sql) as T;
    const value = compute(sql);
    kept.set(sql, value);
    return value;
  };
}
