import { describe, expect, it } from "vitest";
import { perText, textMap } from "./text-map";

describe("maps keyed by SQL text", () => {
  it("keep at most two million characters and no text over 64 000 (a perText memo computes those again)", () => {
    const computed: string[] = [];
    const lengthOf = perText((sql) => {
      computed.push(sql);
      return sql.length;
    });
    const huge = `select '${"x".repeat(70_000)}'`;
    lengthOf(huge);
    lengthOf(huge);
    expect(computed.filter((t) => t === huge)).toHaveLength(2);
    // 40 texts of 60 000 characters: the first ones are let go once 2 000 000 are kept.
    const long = (i: number) => `select ${i} ${"y".repeat(60_000)}`;
    for (let i = 0; i < 40; i++) lengthOf(long(i));
    computed.length = 0;
    lengthOf(long(39));
    lengthOf(long(0));
    expect(computed).toEqual([long(0)]);
  });

  it("keep at most their number of texts, the least recently set going first", () => {
    const counts = textMap<number>(3);
    for (const sql of ["a", "b", "c"]) counts.set(sql, 1);
    counts.set("a", 2);
    counts.set("d", 1);
    expect(["a", "b", "c", "d"].map((sql) => counts.get(sql))).toEqual([2, undefined, 1, 1]);
  });
});
