import type { PGlite, Transaction } from "@electric-sql/pglite";
import { namedStatements } from "./named-statements";
import { copyAnswer, type ReadCache, readCache, SCHEMA_QUERY, schemaFrom } from "./read-cache";
import { perText } from "./text-map";

/** How long statements may run back to back before the event loop gets a turn. */
const SLICE_MS = 4;

/**
 * The embedded database (PGlite) runs each statement synchronously on the event loop. This queue hands it to
 * one statement or transaction at a time, and lets statements follow each other only for SLICE_MS before the
 * loop serves I/O (new requests, socket writes) again. Without it, the statements of 100 concurrent chat turns
 * all became ready in the same loop turn and ran back to back for a hundred milliseconds and more.
 */
class StatementQueue {
  private readonly waiting: (() => void)[] = [];
  private readonly urgentWaiting: (() => void)[] = [];
  /** A statement runs, or a transaction is open: nothing else is granted. */
  private busy = false;
  private scheduled = false;
  /** When the current run of back-to-back statements began; null once the loop has turned with nothing queued. */
  private sliceStart: number | null = null;
  private idleCheck = false;

  /**
   * Resolves when the caller may run; it must call `release` once its statement or transaction has ended.
   * Urgent callers (the readiness ping) go before every queued statement.
   */
  acquire(urgent = false): Promise<void> {
    return new Promise((resolve) => {
      (urgent ? this.urgentWaiting : this.waiting).push(resolve);
      this.pump();
    });
  }

  release() {
    this.busy = false;
    this.pump();
    if (!this.busy && !this.scheduled) this.watchIdle();
  }

  /**
   * Once the loop has had a turn with nothing queued, the next statement opens a fresh slice: a lone request on
   * an idle server runs at once instead of waiting a loop turn for a slice that only matters under load.
   */
  private watchIdle() {
    if (this.idleCheck) return;
    this.idleCheck = true;
    setImmediate(() => {
      this.idleCheck = false;
      if (!this.busy && !this.scheduled && !this.waiting.length && !this.urgentWaiting.length) this.sliceStart = null;
    });
  }

  /** When the engine last answered a statement (with rows or with an SQL error: either way it is alive). */
  lastAnswer = Number.NEGATIVE_INFINITY;

  /** Runs a statement, noting when the engine answered; a failure that is not the engine's answer is not noted. */
  async answered<T>(run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.lastAnswer = performance.now();
      return result;
    } catch (err) {
      // The engine's own refusals carry an SQLSTATE; an aborted engine throws without one.
      if (typeof (err as { code?: unknown } | null)?.code === "string") this.lastAnswer = performance.now();
      throw err;
    }
  }

  /** Inside an open transaction: waits for a loop turn when the slice is spent (the transaction keeps the queue). */
  async pause() {
    if (!this.sliceLeft()) await this.nextSlice();
  }

  private sliceLeft() {
    this.sliceStart ??= performance.now();
    return performance.now() - this.sliceStart < SLICE_MS;
  }

  private nextSlice() {
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        this.sliceStart = performance.now();
        resolve();
      }),
    );
  }

  private pump() {
    if (this.busy || this.scheduled) return;
    if (!this.urgentWaiting.length && !this.waiting.length) return;
    if (!this.sliceLeft()) {
      this.scheduled = true;
      void this.nextSlice().then(() => {
        this.scheduled = false;
        this.pump();
      });
      return;
    }
    const next = this.urgentWaiting.shift() ?? this.waiting.shift();
    this.busy = true;
    next?.();
  }
}

/** The read cache of each queued client, once enabled: memos of values computed from cacheable reads use it too. */
const caches = new WeakMap<object, ReadCache>();

/** Sets (or with null removes) the read cache memos of `client` use: PostgreSQL's pool (pg-read-cache.ts). */
export function attachReadCache(client: object, cache: ReadCache | null) {
  if (cache) caches.set(client, cache);
  else caches.delete(client);
}

/** The read cache behind a client (a drizzle database's `$client`), or null (a transaction, not yet on, or lost). */
function readCacheOf(client: unknown): ReadCache | null {
  return (typeof client === "object" && client !== null && caches.get(client)) || null;
}

/**
 * A value computed from several reads of cacheable tables (with code between them), kept in the client's read cache
 * like one read: served while none of `tables` was written since it was computed, each caller getting its own copy.
 * `compute` must read no table left out of `tables`; a table the cache does not track is never served stale (the
 * value is then not kept). Without a read cache (not enabled yet, or PostgreSQL's listener lost) it is computed
 * each time. `key` names the computation and its inputs.
 */
export async function remembered<T>(
  client: unknown,
  key: string,
  tables: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  const cache = readCacheOf(client);
  if (!cache) return compute();
  const memoKey = `memo ${key}`;
  const kept = cache.get(memoKey);
  if (kept) return kept.value as T;
  const stamp = cache.stamp([...tables]);
  const value = await compute();
  cache.set(memoKey, [...tables], stamp, value);
  return value;
}

/** How recent the engine's last answer must be for a readiness ping to take it as proof of life. */
const FRESH_MS = 1_000;

type Query = PGlite["query"];
type QueryOptions = Parameters<Query>[2];

/** A plain read: no row locks, sequences, advisory locks or notifications. */
const READ = /^[\s(]*select\b/i;
const SIDE_EFFECTS =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|nextval|setval|pg_advisory|pg_notify|pg_sleep/i;

let lastReadId = 0;

/**
 * A number naming a plain read's SQL text (null for any other statement), kept per text: a cache key made of it
 * instead of the text is short to build and to look up, and the two patterns run once per text, not per call
 * (drizzle's texts run to kilobytes; both cost a read-cache hit ~35 µs). Numbers are never reused, so a text
 * forgotten and seen again only makes its old keys unreachable (pg-read-cache.ts names its reads by it too).
 */
export const readTextId = perText((sql): number | null =>
  READ.test(sql) && !SIDE_EFFECTS.test(sql) ? ++lastReadId : null,
);

function readKey(sql: string, params: unknown[] | undefined, options: QueryOptions) {
  const id = readTextId(sql);
  if (id === null) return null;
  const parsers = options?.parsers ? Object.keys(options.parsers).join(",") : "";
  try {
    return JSON.stringify([id, params ?? [], options?.rowMode ?? "", parsers]);
  } catch {
    return null;
  }
}

/**
 * Routes every statement of `client` through one StatementQueue. Statements keep their order; a transaction
 * holds the queue from BEGIN to COMMIT (PGlite serialises them anyway), its own statements pausing for a
 * loop turn when the slice is spent. `ping` runs `select 1` ahead of the queue, so a readiness check under
 * load says whether the database answers without waiting behind every chat turn's statements. `enableCache`
 * (once migrated) keeps answers of reads of rarely written tables (read-cache.ts); every statement and script
 * passing here tells it what may have changed.
 */
export function yieldBetweenStatements(client: PGlite) {
  const queue = new StatementQueue();
  // Outside transactions (the queue is held by one statement), texts asked again run as named statements.
  const query = namedStatements(client);
  const transaction = client.transaction.bind(client);
  /** Reads waiting in the queue, by statement and parameters: a caller asking the same joins the waiting one. */
  const waitingReads = new Map<string, Promise<Awaited<ReturnType<Query>>>>();
  const queued =
    (urgent: boolean): Query =>
    async (...args: Parameters<Query>) => {
      await queue.acquire(urgent);
      try {
        return await queue.answered(() => query(...args));
      } finally {
        queue.release();
      }
    };
  const plain = queued(false);
  let cache: ReadCache | null = null;
  const exec = client.exec.bind(client);
  // Scripts (pg-boss's schema) are not read statement by statement: after one, nothing cached is trusted.
  client.exec = (async (...args: Parameters<PGlite["exec"]>) => {
    try {
      return await exec(...args);
    } finally {
      cache?.clear();
    }
  }) as PGlite["exec"];
  /**
   * Identical reads issued while one is still waiting for its turn share its answer (each gets its own copy):
   * 200 turns starting at once read the same token, agent, components and model, and each read costs
   * milliseconds of the one thread. The shared read runs after every joiner asked, so each sees its own
   * earlier writes; the key is dropped when the read starts, never serving a result older than the request.
   */
  client.query = (async (sql: string, params?: unknown[], options?: QueryOptions) => {
    const key = readKey(sql, params, options);
    if (key === null) {
      // Before (a read issued after this write must not be answered from before it) and after (a read that ran
      // while this write waited must not be kept).
      cache?.wrote(sql);
      try {
        return await plain(sql, params, options);
      } finally {
        cache?.wrote(sql);
      }
    }
    const sources = cache?.sourcesOf(sql) ?? null;
    const cached = sources && cache?.get(key);
    if (cached) return cached.value as Awaited<ReturnType<Query>>;
    const waiting = waitingReads.get(key);
    if (waiting) return copyAnswer(await waiting);
    const read = (async () => {
      await queue.acquire(false);
      waitingReads.delete(key);
      try {
        const stamp = sources && cache?.stamp(sources);
        const result = await queue.answered(() => query(sql, params, options));
        if (sources && stamp) cache?.set(key, sources, stamp, result);
        return result;
      } finally {
        queue.release();
      }
    })();
    waitingReads.set(key, read);
    return read;
  }) as Query;
  client.transaction = (async (fn: (tx: Transaction) => Promise<unknown>) => {
    await queue.acquire();
    try {
      return await transaction((tx) => {
        // The transaction's own methods (and its `closed` getter) stay; only `query` waits for its slice.
        const paused: Transaction = Object.create(tx);
        paused.query = (async (...args: Parameters<Query>) => {
          await queue.pause();
          cache?.wrote(args[0]);
          try {
            return await queue.answered(() => tx.query(...args));
          } finally {
            cache?.wrote(args[0]);
          }
        }) as Query;
        paused.exec = (async (...args: Parameters<Transaction["exec"]>) => {
          try {
            return await tx.exec(...args);
          } finally {
            cache?.clear();
          }
        }) as Transaction["exec"];
        return fn(paused);
      });
    } finally {
      queue.release();
    }
  }) as PGlite["transaction"];
  const urgentQuery = queued(true);
  return {
    client,
    /** Starts the read cache; the schema (foreign keys, triggers) is read now, so call it once migrated. */
    async enableCache(tables?: readonly string[]) {
      const { rows } = await query<{ kind: string; source: string; target: string | null }>(SCHEMA_QUERY);
      cache = readCache(schemaFrom(rows), tables);
      caches.set(client, cache);
    },
    cacheStats: () => cache?.stats() ?? null,
    async ping() {
      // An engine that answered a statement within FRESH_MS is alive: under load that is milliseconds ago, and a
      // ping of its own would cost the one thread a statement per probe, or wait behind a transaction holding
      // the queue. A stuck statement still reads as not ready: the answer goes stale and the ping waits (the
      // caller's timeout). PGlite runs each statement synchronously on this thread, so none runs right now.
      if (performance.now() - queue.lastAnswer < FRESH_MS) return true;
      try {
        await urgentQuery("select 1");
        return true;
      } catch {
        return false;
      }
    },
  };
}
