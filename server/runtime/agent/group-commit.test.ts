import { describe, expect, it } from "vitest";
import type { Deps } from "#server/core";
import { groupCommit } from "./group-commit";

/** A database whose transactions just run their callback, recording what each wrote. */
function fakeDeps() {
  const transactions: number[][] = [];
  const deps = {
    db: {
      transaction: async (fn: (tx: unknown) => Promise<unknown>) => fn({}),
    },
  } as unknown as Deps;
  return { deps, transactions };
}

describe("group commit", () => {
  it("writes items arriving together in batches of at most 32, each item answered with its own result", async () => {
    const { deps, transactions } = fakeDeps();
    const write = groupCommit(async (_tx, items: number[]) => {
      transactions.push(items);
      return items.map((i) => i * 10);
    });
    const results = await Promise.all(Array.from({ length: 70 }, (_, i) => write(deps, i)));
    expect(results).toEqual(Array.from({ length: 70 }, (_, i) => i * 10));
    expect(transactions.map((t) => t.length)).toEqual([32, 32, 6]);
    expect(transactions.flat()).toEqual(Array.from({ length: 70 }, (_, i) => i));
  });

  it("starts writing a lone item before the event loop turns, and batches what arrives while it is written", async () => {
    const { deps, transactions } = fakeDeps();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const write = groupCommit(async (_tx, items: number[]) => {
      transactions.push(items);
      if (items.includes(0)) await held;
      return items;
    });
    const lone = write(deps, 0);
    // Only the microtasks queued so far have run: no timer, setImmediate or I/O. The lone item's write has begun.
    await Promise.resolve();
    expect(transactions).toEqual([[0]]);
    const later = [1, 2, 3].map((i) => write(deps, i));
    release();
    expect(await Promise.all([lone, ...later])).toEqual([0, 1, 2, 3]);
    expect(transactions).toEqual([[0], [1, 2, 3]]);
  });

  it("retries the items of a failed batch alone, so only the bad one fails", async () => {
    const { deps, transactions } = fakeDeps();
    const write = groupCommit(async (_tx, items: number[]) => {
      transactions.push(items);
      if (items.includes(2)) throw new Error("bad item");
      return items;
    });
    const settled = await Promise.allSettled([1, 2, 3].map((i) => write(deps, i)));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(transactions).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
