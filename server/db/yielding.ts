import type { PGlite, Transaction } from "@electric-sql/pglite";

/** Resolves after the event loop has had a turn: pending I/O (new requests, socket writes) runs first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

type Query = PGlite["query"];

function yieldingQuery(query: Query): Query {
  return (async (...args: Parameters<Query>) => {
    await nextTurn();
    return query(...args);
  }) as Query;
}

/**
 * Embedded PostgreSQL (PGlite) runs each statement synchronously on the event loop, and queued statements
 * follow each other in microtasks — which never let the loop handle I/O. Under load (100 chat streams, each
 * with a few dozen statements per turn) that queue drained for seconds while health checks and every other
 * request waited. Here each statement waits for one turn of the event loop first, so the loop serves
 * requests between statements; the statements themselves, and their order, are unchanged.
 */
export function yieldBetweenStatements(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = yieldingQuery(query);
  client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      // The transaction's own methods (and its `closed` getter) stay; only `query` waits its turn.
      const yielding: Transaction = Object.create(tx);
      yielding.query = yieldingQuery(tx.query);
      return fn(yielding);
    })) as PGlite["transaction"];
  return client;
}
