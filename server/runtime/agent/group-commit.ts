import type { Deps } from "#server/core";
import type { Db } from "#server/db/client";

interface Waiting<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
}

/**
 * At most this many items per transaction. The embedded database runs each statement synchronously on the event
 * loop; a batch of 200 turn starts made statements inserting 400 rows that held the loop for tens of milliseconds
 * each, while health checks and stream writes waited. Smaller batches keep every statement short; the queue
 * (server/db/yielding.ts) lets the loop in between them.
 */
const MAX_BATCH = 32;

/**
 * Group commit: the items that arrive while a batch is written are written together by the next one, in one
 * transaction, instead of one transaction each on the single embedded connection. Nothing waits for company: an
 * idle committer starts writing as soon as the caller's synchronous code has run (a microtask, so the items
 * enqueued by that same code — a `Promise.all` of turns — still share the batch), never after a timer or an
 * event-loop turn; a lone turn on an idle server is written at once. Every item's promise settles only once its
 * batch has committed. If a batch fails, each of its items is retried alone, so one bad item fails only itself.
 * `write` returns one result per item, in order. With `transaction: false`, `write` gets the database itself and
 * must write a batch in one statement (atomic on its own, and then just as safely retried item by item), and must
 * not throw once that statement has run: its items would be written again.
 */
export function groupCommit<I, O>(
  write: (tx: Db, items: I[]) => Promise<O[]>,
  { transaction = true }: { transaction?: boolean } = {},
) {
  const committers = new WeakMap<Deps, { waiting: Waiting<I, O>[]; writing: boolean }>();

  async function writeOnce(deps: Deps, batch: Waiting<I, O>[]) {
    const items = batch.map((w) => w.item);
    const out = transaction
      ? await deps.db.transaction((tx) => write(tx as unknown as Db, items))
      : await write(deps.db, items);
    for (const [i, w] of batch.entries()) w.resolve(out[i] as O);
  }

  async function drain(deps: Deps, c: { waiting: Waiting<I, O>[]; writing: boolean }) {
    while (c.waiting.length) {
      const batch = c.waiting.splice(0, MAX_BATCH);
      try {
        await writeOnce(deps, batch);
      } catch (err) {
        if (batch.length === 1) batch[0]?.reject(err);
        else
          for (const w of batch) {
            try {
              await writeOnce(deps, [w]);
            } catch (alone) {
              w.reject(alone);
            }
          }
      }
    }
    c.writing = false;
  }

  return (deps: Deps, item: I): Promise<O> => {
    let c = committers.get(deps);
    if (!c) {
      c = { waiting: [], writing: false };
      committers.set(deps, c);
    }
    const committer = c;
    return new Promise<O>((resolve, reject) => {
      committer.waiting.push({ item, resolve, reject });
      if (!committer.writing) {
        committer.writing = true;
        queueMicrotask(() => void drain(deps, committer));
      }
    });
  };
}
