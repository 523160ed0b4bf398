import { describe, expect, it } from "vitest";
import { defaultSegmentConfig, segmentConfigSchema } from "#contract/api/knowledge";
import { chunkText } from "./chunk";

const config = (c: Record<string, unknown>) => segmentConfigSchema.parse(c);

describe("chunkText", () => {
  const sentence = (i: number) => `第${i}条规定：用户在购买后七天内可以申请无理由退款。`;
  const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join("");

  it("packs whole sentences into chunks of at most `words` characters with the overlap", () => {
    const chunks = chunkText(text, config({ words: 100, overlaps: 10 }));
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(100);
    // Every chunk but the overlap ends at a sentence end.
    for (const c of chunks) expect(c).toMatch(/。$/);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]?.startsWith(chunks[i - 1]?.slice(-10) ?? "")).toBe(true);
    // Nothing is lost.
    for (let i = 0; i < 60; i++) expect(chunks.some((c) => c.includes(sentence(i)))).toBe(true);
  });

  it("keeps a short document as one chunk by default (800 characters, overlap 10)", () => {
    expect(defaultSegmentConfig).toMatchObject({ segment: "WORDS", words: 800, overlaps: 10, isTrim: true });
    expect(chunkText("星河云支持开具增值税电子普通发票。", defaultSegmentConfig)).toEqual([
      "星河云支持开具增值税电子普通发票。",
    ]);
  });

  it("cuts a sentence longer than a chunk", () => {
    const chunks = chunkText("长".repeat(250), config({ words: 100, overlaps: 0 }));
    expect(chunks.map((c) => c.length)).toEqual([100, 100, 50]);
  });

  it("splits at a delimiter preset or custom text, trims and drops chunks under 10 characters", () => {
    const doc = "第一段内容足够长，超过十个字。\n\n短\n\n第三段   内容也足够长，超过十个字。";
    expect(chunkText(doc, config({ segment: "DELIMITER", delimiter: "\\n\\n" }))).toEqual([
      "第一段内容足够长，超过十个字。",
      "第三段 内容也足够长，超过十个字。",
    ]);
    expect(
      chunkText("甲部分的内容足够长了###乙部分的内容也足够长了", config({ segment: "DELIMITER", delimiter: "###" })),
    ).toEqual(["甲部分的内容足够长了", "乙部分的内容也足够长了"]);
  });

  it("re-chunks a delimited piece longer than `words`", () => {
    const chunks = chunkText(
      `${text}\n短段落也要超过十个字才行`,
      config({ segment: "DELIMITER", delimiter: "\n", words: 200 }),
    );
    expect(chunks.at(-1)).toBe("短段落也要超过十个字才行");
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(200);
  });
});
