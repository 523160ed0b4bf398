import { z } from "zod";
import { idField, required } from "#app/lib/forms";
import {
  addKnowledgeInput,
  addQaInput,
  customAddDocumentInput,
  delimiterPresets,
  knowledgeSearchInput,
  renameDocumentInput,
  type SegmentConfig,
  segmentConfigSchema,
  segmentModes,
  updateQaInput,
} from "#contract/api/knowledge";

/**
 * The knowledge pages' forms, shared by the browser (conform) and the route actions. Every rule is the contract's
 * (contract/api/knowledge.ts); the forms add their intents and their own words for a field left empty.
 */

const kb = addKnowledgeInput.shape;
/** A select's "" means "not chosen" (the tenant's default embedding model). */
const optionalId = z.preprocess((v) => (v === "" ? undefined : v), idField().optional());

export const createKnowledgeSchema = z.object({
  spaceId: idField(),
  name: required("请输入知识库名称", kb.name),
  description: kb.description.unwrap().optional(),
  embeddingModelId: optionalId,
});

export const settingsSchema = z.object({
  intent: z.literal("settings"),
  name: required("请输入知识库名称", kb.name),
  description: kb.description.unwrap().optional(),
  embeddingModelId: optionalId,
});

/** The delimiter select posts an index into the presets (a newline does not survive as an option value) or "custom". */
const delimiterNames: Record<string, string> = { "\n": "换行（\\n）", "\n\n": "空行（\\n\\n）" };
export const delimiterChoices = delimiterPresets.map((value, i) => ({
  value: String(i),
  label: delimiterNames[value] ?? value,
}));

const seg = segmentConfigSchema.shape;
const segmentFields = {
  /** 自动分段 uses the defaults; 自定义 sends the settings below. */
  segmentMode: z.enum(["auto", "custom"]).default("auto"),
  segment: z.enum(segmentModes).default("WORDS"),
  words: seg.words,
  overlaps: seg.overlaps,
  delimiterPreset: z.string().default("0"),
  delimiterCustom: seg.delimiter.unwrap().optional(),
};

/** A custom delimiter must be typed when 自定义… is chosen (only where it applies). */
const delimiterGiven = (v: {
  segmentMode: string;
  segment: string;
  delimiterPreset: string;
  delimiterCustom?: string;
}) =>
  v.segmentMode !== "custom" ||
  v.segment !== "DELIMITER" ||
  v.delimiterPreset !== "custom" ||
  Boolean(v.delimiterCustom);
const delimiterMissing = { message: "请输入分隔符", path: ["delimiterCustom"] };

/** Pasted text (自定义). */
export const addTextSchema = z
  .object({
    intent: z.literal("add-text"),
    name: required("请输入文档名称", customAddDocumentInput.shape.name),
    fileContent: required("请输入文本内容", customAddDocumentInput.shape.fileContent),
    ...segmentFields,
  })
  .refine(delimiterGiven, delimiterMissing);

/** Uploaded files: the browser uploads each first (with progress) and posts what the upload answered. */
export const addFilesSchema = z
  .object({
    intent: z.literal("add-files"),
    fileList: z
      .array(z.object({ name: z.string(), docUrl: z.string(), fileSize: z.coerce.number().int().optional() }), {
        error: "请选择要上传的文件",
      })
      .min(1, "请选择要上传的文件")
      .max(20, "一次最多 20 个文件"),
    ...segmentFields,
  })
  .refine(delimiterGiven, delimiterMissing);

type SegmentValues = { segmentMode: "auto" | "custom" } & Partial<
  Pick<SegmentConfig, "segment" | "words" | "overlaps">
> & {
    delimiterPreset?: string;
    delimiterCustom?: string;
  };

/** The add body's segment part: the defaults for 自动分段, else the settings (a chosen preset or the custom text). */
export function segmentOf(v: SegmentValues): { autoSegmentConfigFlag: boolean; segmentConfig?: SegmentConfig } {
  if (v.segmentMode === "auto") return { autoSegmentConfigFlag: true };
  const preset = delimiterPresets[Number(v.delimiterPreset)];
  const delimiter = v.delimiterPreset === "custom" ? (v.delimiterCustom ?? "") : (preset ?? "\n");
  return {
    autoSegmentConfigFlag: false,
    segmentConfig: segmentConfigSchema.parse({ segment: v.segment, words: v.words, overlaps: v.overlaps, delimiter }),
  };
}

export const renameDocSchema = z.object({
  intent: z.literal("rename-doc"),
  docId: idField(),
  name: required("请输入文档名称", renameDocumentInput.shape.name),
});

export const qaSchema = z.object({
  intent: z.literal("qa-save"),
  /** Absent when adding. */
  id: z.preprocess((v) => (v === "" ? undefined : v), idField().optional()),
  question: required("请输入问题", addQaInput.shape.question),
  answer: required("请输入答案", updateQaInput.shape.answer),
});

/** 检索测试 is a GET form (the query is in the address): the contract's search fields by name. */
const search = knowledgeSearchInput.shape;
export const searchSchema = z.object({
  question: required("请输入要检索的内容", search.question),
  searchStrategy: search.searchStrategy,
  topK: search.topK,
  matchingDegree: search.matchingDegree,
});
export const SEARCH_DEFAULTS = { searchStrategy: "MIXED", topK: 5, matchingDegree: 0.5 } as const;
