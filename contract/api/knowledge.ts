import { searchStrategies } from "../enums";
import { pageSchema } from "../page";
import { safeUrl } from "../safe-url";
import { id, shortText, z } from "../zod";
import { endpoint, nothing } from "./endpoint";

/**
 * /api/knowledge/* (reference original-frontend.md §1.14, original-backend.md §7.2). Where the reference is silent:
 * - Access follows the space roles as for agents: every member reads and searches; writes need a space open to
 *   development (or a space Admin/Owner); deleting a knowledge base needs its creator or a space Admin/Owner.
 * - `fileList[].docUrl` is one of our own signed download URLs (/api/file/download/...) as /api/file/upload
 *   answers it; other addresses are refused (4000). Pasted text goes through `document/customAdd`.
 * - An unreadable file is still accepted: its document ends with docStatusCode 10 and `docStatusReason` says why.
 * - `docStatusCode` 2 means every stage is done (segments, embeddings, full text); `progress` (0–100) is ours.
 * - `embeddingModelId` omitted → the tenant's default embedding model, else the built-in offline one. Changing it
 *   with `config/update` re-embeds every document as a background job.
 * - `qa/search` searches raw segments and QA pairs; a segment hit has `qaId` null, a QA hit `rawTxt` = its answer
 *   when it came from no segment. FULL_TEXT hits carry their normalised rank as score (no threshold applies);
 *   SEMANTIC hits are cosine similarities cut at `matchingDegree`; MIXED fuses both.
 * - `qa/importExcel` is multipart (`file` = .xlsx with the columns 问题 and 答案, `kbId`); its answer says how
 *   many rows were added. `qa/downloadExcelTemplate` answers the .xlsx itself.
 */

export const segmentModes = ["WORDS", "DELIMITER"] as const;
/** The delimiter presets of the segment form (custom text is allowed too). */
export const delimiterPresets = ["\n", "\n\n", "。", "！", ".", "!", "？", "?"] as const;

export const segmentConfigSchema = z.object({
  /** SMART (the original's third mode) is read as WORDS. */
  segment: z
    .enum([...segmentModes, "SMART"], { error: "必须是 WORDS 或 DELIMITER" })
    .default("WORDS")
    .transform((s) => (s === "SMART" ? "WORDS" : s)),
  words: z.coerce.number().int("必须是整数").min(50, "至少 50 个字符").max(5000, "最多 5000 个字符").default(800),
  overlaps: z.coerce.number().int("必须是整数").min(0, "不能小于 0").max(1000, "最多 1000 个字符").default(10),
  delimiter: z.string().max(20, "最多 20 个字符").default("\n"),
  isTrim: z.boolean().default(true),
});
export type SegmentConfig = z.output<typeof segmentConfigSchema>;
export const defaultSegmentConfig: SegmentConfig = segmentConfigSchema.parse({});

/** The original sends booleans; older clients 0/1. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

const kbName = z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符");
export const knowledgeDataTypes = [1, 2] as const;

export const addKnowledgeInput = z.object({
  spaceId: id(),
  name: kbName,
  description: shortText(500).default(""),
  dataType: z.union([z.literal(1), z.literal(2)], { error: "必须是 1（文本）或 2（表格）" }).default(1),
  icon: safeUrl().default(""),
  embeddingModelId: id().nullable().optional(),
  workflowId: id().nullable().optional(),
});
export const updateKnowledgeInput = addKnowledgeInput.partial().extend({ id: id(), spaceId: id().optional() });

/** `TablePageRequest<Q>`: `queryFilter`, 1-based `current`, `pageSize`. */
const tablePage = <T extends z.ZodRawShape>(filter: T) =>
  z.object({
    current: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    queryFilter: z.object(filter),
  });

export const knowledgeListInput = tablePage({
  spaceId: id(),
  name: shortText(64).optional(),
  dataType: z.coerce.number().int().optional(),
  question: shortText(200).optional(),
});
export const documentListInput = tablePage({ kbId: id(), spaceId: id().optional(), name: shortText(200).optional() });
export const segmentListInput = tablePage({ docId: id(), spaceId: id().optional() });
export const qaListInput = tablePage({ kbId: id(), spaceId: id().optional(), question: shortText(200).optional() });

const docName = z.string().trim().min(1, "不能为空").max(200, "最多 200 个字符");

export const addDocumentInput = z.object({
  kbId: id(),
  fileList: z
    .array(
      z.object({
        name: docName,
        docUrl: z.string().trim().min(1, "不能为空").max(2000, "最多 2000 个字符"),
        fileSize: z.coerce.number().int().nonnegative().optional(),
      }),
    )
    .min(1, "请选择文件")
    .max(20, "一次最多 20 个文件"),
  autoSegmentConfigFlag: flag.default(true),
  segmentConfig: segmentConfigSchema.nullable().optional(),
});
export const customAddDocumentInput = z.object({
  kbId: id(),
  name: docName,
  fileContent: z.string().trim().min(1, "不能为空").max(1_000_000, "最多 1000000 个字符"),
  autoSegmentConfigFlag: flag.default(true),
  segmentConfig: segmentConfigSchema.nullable().optional(),
});
export const renameDocumentInput = z.object({ docId: id(), name: docName });
export const docStatusInput = z.object({ docIds: z.array(id()).max(100) });

const question = z.string().trim().min(1, "不能为空").max(500, "最多 500 个字符");
const answer = z.string().trim().min(1, "不能为空").max(5000, "最多 5000 个字符");
export const addQaInput = z.object({ kbId: id(), spaceId: id().optional(), question, answer });
export const updateQaInput = z.object({ id: id(), question, answer });
export const deleteQaInput = z.object({ id: id() });

export const knowledgeSearchInput = z.object({
  kbId: id(),
  question: z.string().trim().min(1, "不能为空").max(1000, "最多 1000 个字符"),
  topK: z.coerce.number().int().min(1, "至少为 1").max(50, "最多为 50").default(5),
  ignoreDocStatus: z.boolean().default(false),
  searchStrategy: z.enum(searchStrategies, { error: "必须是 SEMANTIC、MIXED 或 FULL_TEXT" }).default("MIXED"),
  matchingDegree: z.coerce.number().min(0, "不能小于 0").max(1, "不能大于 1").default(0.5),
});

export type AddKnowledgeInput = z.infer<typeof addKnowledgeInput>;
export type UpdateKnowledgeInput = z.infer<typeof updateKnowledgeInput>;
export type AddDocumentInput = z.infer<typeof addDocumentInput>;
export type CustomAddDocumentInput = z.infer<typeof customAddDocumentInput>;
export type KnowledgeSearchInput = z.infer<typeof knowledgeSearchInput>;

const date = z.iso.datetime({ offset: true });
const audit = {
  created: date,
  creatorId: z.number().int(),
  creatorName: z.string(),
  modified: date,
  modifiedId: z.number().int(),
  modifiedName: z.string(),
};

export const knowledgePermissions = ["Edit", "Delete"] as const;

export const knowledgeInfoSchema = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  dataType: z.number().int(),
  icon: z.string(),
  embeddingModelId: z.number().int(),
  embeddingModelName: z.string(),
  chatModelId: z.number().int().nullable(),
  workflowId: z.number().int().nullable(),
  workflowName: z.string().nullable(),
  workflowIcon: z.string().nullable(),
  workflowDescription: z.string().nullable(),
  /** Bytes of all its documents. */
  fileSize: z.number().int(),
  docCount: z.number().int(),
  segmentCount: z.number().int(),
  qaCount: z.number().int(),
  pubStatus: z.enum(["Waiting", "Published"]),
  permissions: z.array(z.enum(knowledgePermissions)),
  ...audit,
});
export type KnowledgeInfo = z.infer<typeof knowledgeInfoSchema>;

/** 1 ANALYZING · 2 ANALYZED (all done) · 3 ANALYZING_RAW (segmenting) · 4 ANALYZED_QA · 5 ANALYZED_EMBEDDING · 10 failed. */
export const docStatuses = {
  1: { docStatus: "ANALYZING", docStatusDesc: "分析中" },
  2: { docStatus: "ANALYZED", docStatusDesc: "已完成" },
  3: { docStatus: "ANALYZING_RAW", docStatusDesc: "分段中" },
  4: { docStatus: "ANALYZED_QA", docStatusDesc: "生成问答中" },
  5: { docStatus: "ANALYZED_EMBEDDING", docStatusDesc: "向量化" },
  10: { docStatus: "ANALYZE_FAILED", docStatusDesc: "失败" },
} as const;
export type DocStatusCode = keyof typeof docStatuses;

export const knowledgeDocumentInfoSchema = z.object({
  id: z.number().int(),
  kbId: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  /** A fresh signed URL of the stored file; "" for pasted text. */
  docUrl: z.string(),
  fileSize: z.number().int(),
  pubStatus: z.enum(["Waiting", "Published"]),
  hasQa: z.boolean(),
  hasEmbedding: z.boolean(),
  segment: segmentConfigSchema,
  docStatus: z.string(),
  docStatusCode: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(10)]),
  docStatusDesc: z.string(),
  docStatusReason: z.string().nullable(),
  /** 0–100 over all stages. */
  progress: z.number().int(),
  charCount: z.number().int(),
  segmentCount: z.number().int(),
  ...audit,
});
export type KnowledgeDocumentInfo = z.infer<typeof knowledgeDocumentInfoSchema>;

export const rawSegmentInfoSchema = z.object({
  id: z.number().int(),
  docId: z.number().int(),
  kbId: z.number().int(),
  spaceId: z.number().int(),
  rawTxt: z.string(),
  sortIndex: z.number().int(),
  ...audit,
});

export const qaInfoSchema = z.object({
  id: z.number().int(),
  kbId: z.number().int(),
  spaceId: z.number().int(),
  /** 0 for pairs added by hand or imported. */
  docId: z.number().int(),
  rawId: z.number().int().nullable(),
  question: z.string(),
  answer: z.string(),
  hasEmbedding: z.boolean(),
  ...audit,
});

export const searchHitSchema = z.object({
  qaId: z.number().int().nullable(),
  rawId: z.number().int().nullable(),
  kbId: z.number().int(),
  docId: z.number().int(),
  docName: z.string(),
  question: z.string(),
  answer: z.string(),
  rawTxt: z.string(),
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

const byId = z.object({ id: id() });
const byDataId = z.object({ dataId: id() });

export const knowledge = {
  add: endpoint({ method: "POST", path: "/api/knowledge/config/add", body: addKnowledgeInput, response: z.number() }),
  update: endpoint({
    method: "POST",
    path: "/api/knowledge/config/update",
    body: updateKnowledgeInput,
    response: nothing,
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/knowledge/config/detailById",
    query: byId,
    response: knowledgeInfoSchema,
  }),
  delete: endpoint({ method: "GET", path: "/api/knowledge/config/deleteById", query: byId, response: nothing }),
  list: endpoint({
    method: "POST",
    path: "/api/knowledge/config/list",
    body: knowledgeListInput,
    response: pageSchema(knowledgeInfoSchema),
  }),
  documentList: endpoint({
    method: "POST",
    path: "/api/knowledge/document/list",
    body: documentListInput,
    response: pageSchema(knowledgeDocumentInfoSchema),
  }),
  documentAdd: endpoint({
    method: "POST",
    path: "/api/knowledge/document/add",
    body: addDocumentInput,
    response: nothing,
  }),
  documentCustomAdd: endpoint({
    method: "POST",
    path: "/api/knowledge/document/customAdd",
    body: customAddDocumentInput,
    response: nothing,
  }),
  documentRename: endpoint({
    method: "POST",
    path: "/api/knowledge/document/updateDocName",
    body: renameDocumentInput,
    response: nothing,
  }),
  documentDetail: endpoint({
    method: "GET",
    path: "/api/knowledge/document/detailById",
    query: byDataId,
    response: knowledgeDocumentInfoSchema,
  }),
  documentDelete: endpoint({
    method: "GET",
    path: "/api/knowledge/document/deleteById",
    query: byId,
    response: nothing,
  }),
  documentRetry: endpoint({
    method: "GET",
    path: "/api/knowledge/document/doc/autoRetryTaskByDocId/:docId",
    response: nothing,
  }),
  documentStatus: endpoint({
    method: "POST",
    path: "/api/knowledge/document/queryDocStatus",
    body: docStatusInput,
    response: z.array(knowledgeDocumentInfoSchema),
  }),
  /** Generates QA pairs from the document's segments with the tenant's knowledge model (a background job). */
  generateQa: endpoint({ method: "POST", path: "/api/knowledge/document/generateQA/:docId", response: nothing }),
  segmentList: endpoint({
    method: "POST",
    path: "/api/knowledge/rawSegment/list",
    body: segmentListInput,
    response: pageSchema(rawSegmentInfoSchema),
  }),
  segmentDetail: endpoint({
    method: "GET",
    path: "/api/knowledge/rawSegment/detailById",
    query: byDataId,
    response: rawSegmentInfoSchema,
  }),
  qaList: endpoint({
    method: "POST",
    path: "/api/knowledge/qa/list",
    body: qaListInput,
    response: pageSchema(qaInfoSchema),
  }),
  qaAdd: endpoint({ method: "POST", path: "/api/knowledge/qa/add", body: addQaInput, response: z.number() }),
  qaUpdate: endpoint({ method: "POST", path: "/api/knowledge/qa/update", body: updateQaInput, response: nothing }),
  qaDelete: endpoint({ method: "POST", path: "/api/knowledge/qa/deleteById", body: deleteQaInput, response: nothing }),
  qaTemplate: endpoint({ method: "GET", path: "/api/knowledge/qa/downloadExcelTemplate", file: true }),
  qaImport: endpoint({
    method: "POST",
    path: "/api/knowledge/qa/importExcel",
    response: z.object({ added: z.number().int(), skipped: z.number().int() }),
  }),
  search: endpoint({
    method: "POST",
    path: "/api/knowledge/qa/search",
    body: knowledgeSearchInput,
    response: z.array(searchHitSchema),
  }),
};
