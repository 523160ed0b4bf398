import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { embeddingOptions } from "./embedding-select";
import { addTextSchema, delimiterChoices, segmentOf } from "./schemas";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("segment settings", () => {
  it("自动分段 sends no settings, the backend's defaults apply", () => {
    expect(segmentOf({ segmentMode: "auto", segment: "DELIMITER", words: 100 })).toEqual({
      autoSegmentConfigFlag: true,
    });
  });

  it("a delimiter preset posts its index and becomes the preset itself (a blank line survives)", () => {
    const blankLine = delimiterChoices.find((c) => c.label.startsWith("空行"));
    expect(blankLine).toBeDefined();
    const out = segmentOf({ segmentMode: "custom", segment: "DELIMITER", delimiterPreset: blankLine?.value });
    expect(out).toMatchObject({
      autoSegmentConfigFlag: false,
      segmentConfig: { segment: "DELIMITER", delimiter: "\n\n" },
    });
  });

  it("自定义… takes the typed delimiter; by length keeps words and overlap", () => {
    expect(
      segmentOf({ segmentMode: "custom", segment: "DELIMITER", delimiterPreset: "custom", delimiterCustom: "||" }),
    ).toMatchObject({ segmentConfig: { delimiter: "||" } });
    expect(segmentOf({ segmentMode: "custom", segment: "WORDS", words: 300, overlaps: 30 })).toMatchObject({
      segmentConfig: { segment: "WORDS", words: 300, overlaps: 30 },
    });
  });

  it("the pasted-text form asks for a custom delimiter only when one is chosen, and checks lengths by the contract", () => {
    const base = {
      intent: "add-text",
      name: "说明",
      fileContent: "正文内容",
      segmentMode: "custom",
      segment: "DELIMITER",
    };
    const missing = parseWithZod(form({ ...base, delimiterPreset: "custom" }), { schema: addTextSchema });
    expect(missing.status).toBe("error");
    expect(missing.reply().error?.delimiterCustom).toEqual(["请输入分隔符"]);
    const preset = parseWithZod(form({ ...base, delimiterPreset: "0" }), { schema: addTextSchema });
    expect(preset.status).toBe("success");
    const tooShort = parseWithZod(form({ ...base, segment: "WORDS", words: "10", delimiterPreset: "0" }), {
      schema: addTextSchema,
    });
    expect(tooShort.reply().error?.words).toEqual(["至少 50 个字符"]);
    const empty = parseWithZod(form({ intent: "add-text" }), { schema: addTextSchema });
    expect(empty.reply().error).toMatchObject({ name: ["请输入文档名称"], fileContent: ["请输入文本内容"] });
  });
});

describe("embedding model choices", () => {
  const models = [
    { id: 2, name: "内置词法向量（离线）", builtin: true, enabled: 1 },
    { id: 5, name: "bge-m3", enabled: 1 },
    { id: 6, name: "停用的", enabled: 0 },
  ];

  it("creating: 默认 names the tenant's default (else the built-in), then every enabled model", () => {
    expect(embeddingOptions(models, 5, undefined)).toEqual([
      { value: "", label: "默认（bge-m3）" },
      { value: "2", label: "内置词法向量（离线）" },
      { value: "5", label: "bge-m3" },
    ]);
    expect(embeddingOptions(models, null)[0]).toEqual({ value: "", label: "默认（内置词法向量（离线））" });
  });

  it("settings: the current model is kept even when the space can no longer use it", () => {
    expect(embeddingOptions(models, null, { id: 6, name: "停用的" }).map((o) => o.label)).toEqual([
      "停用的（当前空间不可用）",
      "内置词法向量（离线）",
      "bge-m3",
    ]);
  });
});
