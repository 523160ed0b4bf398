import type { PGlite, Transaction } from "@electric-sql/pglite";

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
  private sliceStart = 0;

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
  }

  /** Inside an open transaction: waits for a loop turn when the slice is spent (the transaction keeps the queue). */
  async pause() {
    if (!this.sliceLeft()) await this.nextSlice();
  }

  private sliceLeft() {
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

type Query = PGlite["query"];

/**
 * Routes every statement of `client` through one StatementQueue. Statements keep their order; a transaction
 * holds the queue from BEGIN to COMMIT (PGlite serialises them anyway), its own statements pausing for a
 * loop turn when the slice is spent. `ping` runs `select 1` ahead of the queue, so a readiness check under
 * load says whether the database answers without waiting behind every chat turn's statements.
 */
export function yieldBetweenStatements(client: PGlite) {
  const queue = new StatementQueue();
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const queued =
    (urgent: boolean): Query =>
    async (...args: Parameters<Query>) => {
      await queue.acquire(urgent);
      try {
        return await query(...args);
      } finally {
        queue.release();
      }
    };
  client.query = queued(false);
  client.transaction = (async (fn: (tx: Transaction) => Promise<unknown>) => {
    await queue.acquire();
    try {
      return await transaction((tx) => {
        // The transaction's own methods (and its `closed` getter) stay; only `query` waits for its slice.
        const paused: Transaction = Object.create(tx);
        paused.query = (async (...args: Parameters<Query>) => {
          await queue.pause();
          return tx.query(...args);
        }) as Query;
        return fn(paused);
      });
    } finally {
      queue.release();
    }
  }) as PGlite["transaction"];
  const urgentQuery = queued(true);
  return {
    client,
    async ping() {
      try {
        await urgentQuery("select 1");
        return true;
      } catch {
        return false;
      }
    },
  };
}
