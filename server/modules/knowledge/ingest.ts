import { readFile } from "node:fs/promises";
import type { Deps } from "#server/core";
import { describeLlmError } from "#server/llm/errors";
import { extractDocument } from "#server/runtime/documents";
import { type Attempt, defineQueue } from "#server/runtime/jobs";
import { chunkText } from "#server/runtime/knowledge/chunk";
import { EMBED_BATCH } from "#server/runtime/knowledge/embed";
import { ensureVectorIndex } from "#server/runtime/knowledge/vector-index";
import { storagePath } from "../file/service";
import { embedderOfModel } from "./models";
import * as repo from "./repo";

/** One job per document (`docId`), or the QA pairs of a knowledge base to embed (`qaOf`). */
export type IngestJob = { kbId: number; docId?: number; qaOf?: number };

/** Stage boundaries of a document's progress figure. */
const PROGRESS = { extracted: 15, segmented: 30, done: 100 } as const;

class Permanent extends Error {}
class Stopped extends Error {}

/**
 * Ingestion of knowledge documents: extract → segment (status 3) → embed (status 5) → done (2), or failed (10)
 * with the reason. Each stage is resumable: a job taken up again after a restart re-segments from scratch, or
 * embeds only the segments still without a vector. Transient failures (the embedding API) retry with back-off;
 * the last attempt's failure is shown on the document.
 */
export const ingestQueue = defineQueue<IngestJob>({
  name: "knowledge-ingest",
  concurrency: 2,
  retryLimit: 4,
  retryDelaySeconds: 2,
  expireInSeconds: 15 * 60,
  pending: (deps) => repo.hasUnfinishedDocs(deps.db),
  async handler(deps, job, attempt) {
    if (job.qaOf) return embedQas(deps, job.qaOf, attempt);
    if (job.docId) return ingestDocument(deps, job.docId, attempt);
  },
});

async function ingestDocument(deps: Deps, docId: number, attempt: Attempt) {
  const doc = await repo.findDoc(deps.db, docId);
  if (!doc || doc.statusCode === 2 || doc.statusCode === 10) return;
  try {
    if (doc.statusCode !== 5 || doc.segmentCount === 0) await segment(deps, doc);
    await embedSegments(deps, docId, attempt);
    await repo.updateDoc(deps.db, docId, {
      statusCode: 2,
      progress: PROGRESS.done,
      hasEmbedding: true,
      statusReason: null,
    });
  } catch (err) {
    if (err instanceof Stopped) throw err;
    const reason = err instanceof Permanent ? err.message : `向量化失败：${describeLlmError(err)}`;
    if (err instanceof Permanent || attempt.retryCount >= attempt.retryLimit) {
      await repo.updateDoc(deps.db, docId, { statusCode: 10, statusReason: reason });
      deps.log.info({ docId, reason }, "knowledge document failed");
      return;
    }
    await repo.updateDoc(deps.db, docId, { statusReason: `${reason}（将自动重试）` });
    throw err;
  }
}

async function sourceText(deps: Deps, doc: repo.DocRow) {
  if (doc.pastedText !== null) return doc.pastedText;
  if (!doc.fileKey) throw new Permanent("文档没有内容");
  const bytes = await readFile(storagePath(deps, doc.fileKey)).catch(() => null);
  if (!bytes) throw new Permanent("文件已不存在，请重新上传");
  const result = await extractDocument(new Uint8Array(bytes), doc.name.includes(".") ? doc.name : doc.fileKey);
  if (!result.ok) throw new Permanent(result.reason);
  return result.text;
}

async function segment(deps: Deps, doc: repo.DocRow) {
  await repo.updateDoc(deps.db, doc.id, { statusCode: 1, progress: 5, statusReason: null });
  const text = await sourceText(deps, doc);
  await repo.updateDoc(deps.db, doc.id, { statusCode: 3, progress: PROGRESS.extracted, charCount: text.length });
  const chunks = chunkText(text, doc.segmentConfig);
  if (!chunks.length) throw new Permanent("分段后没有可用的内容（每段至少 10 个字符）");
  await repo.replaceSegments(deps.db, doc, chunks);
  await repo.updateDoc(deps.db, doc.id, {
    statusCode: 5,
    progress: PROGRESS.segmented,
    segmentCount: chunks.length,
  });
}

async function embedSegments(deps: Deps, docId: number, attempt: Attempt) {
  const doc = await repo.findDoc(deps.db, docId);
  if (!doc) throw new Permanent("文档已删除");
  const kb = await repo.findKbById(deps.db, doc.kbId);
  if (!kb) throw new Permanent("知识库已删除");
  const embedder = await embedderOfModel(deps, kb.tenantId, kb.embeddingModelId).catch((err) => {
    throw new Permanent(String((err as Error).message));
  });
  const total = doc.segmentCount || (await repo.countSegments(deps.db, docId));
  let done = await repo.countSegments(deps.db, docId, true);
  for (;;) {
    if (attempt.signal.aborted) throw new Stopped("shutting down");
    const batch = await repo.segmentsToEmbed(deps.db, docId, EMBED_BATCH);
    if (!batch.length) break;
    const vectors = await embedder.embed(
      batch.map((s) => s.rawTxt),
      attempt.signal,
    );
    const dim = vectors[0]?.length ?? 0;
    await ensureVectorIndex(deps.db, dim);
    await repo.storeEmbeddings(
      deps.db,
      "segment",
      batch.map((s, i) => ({ id: s.id, vector: vectors[i] ?? [] })),
    );
    done += batch.length;
    const share = PROGRESS.done - PROGRESS.segmented - 2;
    await repo.updateDoc(deps.db, docId, {
      progress: PROGRESS.segmented + Math.floor((share * Math.min(done, total)) / Math.max(total, 1)),
    });
  }
}

async function embedQas(deps: Deps, kbId: number, attempt: Attempt) {
  const kb = await repo.findKbById(deps.db, kbId);
  if (!kb) return;
  const embedder = await embedderOfModel(deps, kb.tenantId, kb.embeddingModelId);
  for (;;) {
    if (attempt.signal.aborted) throw new Stopped("shutting down");
    const batch = await repo.qasToEmbed(deps.db, kbId, EMBED_BATCH);
    if (!batch.length) return;
    const vectors = await embedder.embed(
      batch.map((q) => q.question),
      attempt.signal,
    );
    await ensureVectorIndex(deps.db, vectors[0]?.length ?? 0);
    await repo.storeEmbeddings(
      deps.db,
      "qa",
      batch.map((q, i) => ({ id: q.id, vector: vectors[i] ?? [] })),
    );
  }
}
