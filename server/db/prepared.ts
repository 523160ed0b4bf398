import type { Db } from "./client";

/**
 * A query built once per database instead of at every call: drizzle builds a query's SQL anew each time it runs
 * (a quarter of a millisecond of the one thread for a plain select), which the reads of every request or chat turn
 * repeat. `build` returns drizzle prepared queries (`.prepare(name)` with `sql.placeholder`s), run with the call's
 * values. A transaction's database is short-lived and builds them anew.
 */
export function preparedFor<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    if (!("$client" in db)) return build(db);
    let queries = built.get(db);
    if (!queries) {
      queries = build(db);
      built.set(db, queries);
    }
    return queries;
  };
}

/**
 * The same per filter shape: a list whose conditions vary (a keyword, a creator…) is one statement per shape,
 * its values in placeholders. `nameOf` names the shape (and the prepared statements built for it).
 */
export function preparedPerShape<S, Q>(
  nameOf: (shape: S) => string,
  build: (db: Db, shape: S, name: string) => Q,
): (db: Db) => (shape: S) => Q {
  return preparedFor((db) => {
    const built = new Map<string, Q>();
    return (shape: S) => {
      const name = nameOf(shape);
      if (!built.has(name)) built.set(name, build(db, shape, name));
      return built.get(name) as Q;
    };
  });
}
