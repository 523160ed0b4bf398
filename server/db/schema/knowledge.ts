import { boolean, customType, index, integer, jsonb, pgTable, real, serial, text } from "drizzle-orm/pg-core";
import type { SegmentConfig } from "../../../contract/api/knowledge";
import { createdAt, modifiedAt } from "./columns";
import { spaces } from "./space";
import { users } from "./user";

/** Chinese text is segmented with jieba in the application and stored as a `simple` tsvector. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Vectors are float4 arrays so the same schema runs on a PostgreSQL without pgvector (cosine computed in SQL);
 * where pgvector exists, an HNSW index per dimension is built over `embedding::vector(dim)` at run time
 * (server/runtime/knowledge/vector-index.ts), since a knowledge base's dimension comes from its model.
 */
const embedding = () => real("embedding").array();

/** A knowledge base (knowledge_config of original-backend.md §7.2). */
export const knowledgeBases = pgTable(
  "knowledge_base",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    modifiedId: integer("modified_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon").notNull().default(""),
    dataType: integer("data_type").notNull().default(1),
    embeddingModelId: integer("embedding_model_id").notNull(),
    workflowId: integer("workflow_id"),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("knowledge_base_space_idx").on(t.spaceId, t.modified)],
);

/** A document of a knowledge base: an uploaded file (by storage key) or pasted text, and its ingestion state. */
export const knowledgeDocuments = pgTable(
  "knowledge_document",
  {
    id: serial("id").primaryKey(),
    kbId: integer("kb_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id").notNull(),
    modifiedId: integer("modified_id").notNull(),
    name: text("name").notNull(),
    /** Our storage key of the uploaded file; null for pasted text. */
    fileKey: text("file_key"),
    pastedText: text("pasted_text"),
    fileSize: integer("file_size").notNull().default(0),
    segmentConfig: jsonb("segment_config").$type<SegmentConfig>().notNull(),
    /** docStatusCode: 1 analysing, 3 segmenting, 5 embedding, 2 done, 10 failed. */
    statusCode: integer("status_code").notNull().default(1),
    statusReason: text("status_reason"),
    progress: integer("progress").notNull().default(0),
    charCount: integer("char_count").notNull().default(0),
    segmentCount: integer("segment_count").notNull().default(0),
    hasQa: boolean("has_qa").notNull().default(false),
    hasEmbedding: boolean("has_embedding").notNull().default(false),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    index("knowledge_document_kb_idx").on(t.kbId, t.created),
    index("knowledge_document_status_idx").on(t.statusCode),
  ],
);

/** A raw segment (chunk) of a document, with its full-text vector and embedding. */
export const knowledgeSegments = pgTable(
  "knowledge_segment",
  {
    id: serial("id").primaryKey(),
    kbId: integer("kb_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    docId: integer("doc_id")
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    sortIndex: integer("sort_index").notNull(),
    rawTxt: text("raw_txt").notNull(),
    tsv: tsvector("tsv").notNull(),
    embedding: embedding(),
    /** The embedding's length; null until embedded. */
    dim: integer("dim"),
    created: createdAt(),
  },
  (t) => [
    index("knowledge_segment_doc_idx").on(t.docId, t.sortIndex),
    index("knowledge_segment_kb_idx").on(t.kbId),
    index("knowledge_segment_tsv_idx").using("gin", t.tsv),
  ],
);

/** A question-answer pair: generated from a segment (docId, rawId) or added/imported by hand (no document). */
export const knowledgeQas = pgTable(
  "knowledge_qa",
  {
    id: serial("id").primaryKey(),
    kbId: integer("kb_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    docId: integer("doc_id").references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    rawId: integer("raw_id").references(() => knowledgeSegments.id, { onDelete: "set null" }),
    creatorId: integer("creator_id").notNull(),
    modifiedId: integer("modified_id").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    tsv: tsvector("tsv").notNull(),
    embedding: embedding(),
    dim: integer("dim"),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    index("knowledge_qa_kb_idx").on(t.kbId, t.created),
    index("knowledge_qa_doc_idx").on(t.docId),
    index("knowledge_qa_tsv_idx").using("gin", t.tsv),
  ],
);

export type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
export type KnowledgeDocumentRow = typeof knowledgeDocuments.$inferSelect;
export type KnowledgeQaRow = typeof knowledgeQas.$inferSelect;
