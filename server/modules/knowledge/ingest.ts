import { readFile } from "node:fs/promises";
import type { Deps } from "#server/core";
import { describeLlmError } from "#server/llm/errors";
import { extractDocument } from "#server/runtime/documents";
import { type Attempt, defineQueue, queueNamed } from "#server/runtime/jobs";
import { chunkText } from "#server/runtime/knowledge/chunk";
import { ensureVectorIndex } from "#server/runtime/knowledge/vector-index";
import { storagePath } from "../file/service";
import { embedderOfModel, type KbEmbedder } from "./models";
import * as repo from "./repo";

/**
 * One job per document (`docId`), the QA pairs of a knowledge base to embed (`qaOf`), or a knowledge base whose
 * embedding model changed (`reembed`).
 */
export type IngestJob = { kbId: number; docId?: number; qaOf?: number; reembed?: boolean };

/** Declared in qa-generate.ts (which imports this module); named here so deletions can drop its jobs. */
export const GENERATE_QUEUE = "knowledge-generate-qa";

/** Drops the queued jobs (ingestion, QA generation) of a knowledge base or document being deleted. */
export async function cancelJobs(deps: Deps, match: { kbId: number } | { docId: number }) {
  await ingestQueue.cancelWhere(deps, match);
  await queueNamed(GENERATE_QUEUE)?.cancelWhere(deps, match);
}

/** Stage boundaries of a document's progress figure. */
const PROGRESS = { extracted: 15, segmented: 30, done: 100 } as const;

class Permanent extends Error {}
class Stopped extends Error {}

/**
 * Ingestion of knowledge documents: extract (status 1) → chunk (3) → embed and store the segments batch by batch
 * (5) → done (2), or failed (10) with the reason. A job taken up again in status 5 (after a restart) chunks the
 * text again and continues after the last stored batch; segments left without a vector (the knowledge base's
 * model changed) are embedded in place. Transient failures (the embedding API) retry with back-off; the last
 * attempt's failure is shown on the document.
 */
export const ingestQueue = defineQueue<IngestJob>({
  name: "knowledge-ingest",
  concurrency: 2,
  retryLimit: 4,
  retryDelaySeconds: 2,
  expireInSeconds: 15 * 60,
  pending: (deps) => repo.hasUnfinishedDocs(deps.db),
  async handler(deps, job, attempt) {
    if (job.reembed) return reembed(deps, job.kbId);
    if (job.qaOf) return embedQas(deps, job.qaOf, attempt);
    if (job.docId) return ingestDocument(deps, job.docId, attempt);
  },
});

async function ingestDocument(deps: Deps, docId: number, attempt: Attempt) {
  const doc = await repo.findDoc(deps.db, docId);
  if (!doc || doc.statusCode === 2 || doc.statusCode === 10) return;
  try {
    const embedder = await kbEmbedder(deps, doc.kbId);
    // Taken up again in the embedding stage (a restart, a retry, or a new embedding model): stored segments stay.
    const resuming = doc.statusCode === 5 && doc.segmentCount > 0;
    const stored = resuming ? await repo.countSegments(deps.db, docId) : 0;
    if (!resuming || stored < doc.segmentCount) {
      const chunks = await segment(deps, doc, resuming);
      // The same text and settings chunk the same way; anything else starts over.
      const from = resuming && chunks.length === doc.segmentCount ? stored : 0;
      if (from === 0) await repo.deleteSegments(deps.db, docId);
      await storeChunks(deps, doc, chunks, from, embedder, attempt);
    }
    await embedMissing(deps, docId, embedder, attempt);
    await repo.updateDoc(deps.db, docId, {
      statusCode: 2,
      progress: PROGRESS.done,
      hasEmbedding: true,
      statusReason: null,
    });
  } catch (err) {
    if (err instanceof Stopped) throw err;
    // Deleted meanwhile (its rows went with it, so the last insert failed): nothing is left to do.
    if (!(await repo.findDoc(deps.db, docId))) return;
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

async function kbEmbedder(deps: Deps, kbId: number) {
  const kb = await repo.findKbById(deps.db, kbId);
  if (!kb) throw new Permanent("知识库已删除");
  return embedderOfModel(deps, kb.tenantId, kb.embeddingModelId).catch((err) => {
    throw new Permanent(String((err as Error).message));
  });
}

async function sourceText(deps: Deps, doc: repo.DocSummary) {
  const pasted = await repo.pastedTextOf(deps.db, doc.id);
  if (pasted !== null) return pasted;
  if (!doc.fileKey) throw new Permanent("文档没有内容");
  const bytes = await readFile(storagePath(deps, doc.fileKey)).catch(() => null);
  if (!bytes) throw new Permanent("文件已不存在，请重新上传");
  const result = await extractDocument(new Uint8Array(bytes), doc.name.includes(".") ? doc.name : doc.fileKey);
  if (!result.ok) throw new Permanent(result.reason);
  return result.text;
}

/** Extracts and chunks the document; a resumed one keeps showing its embedding stage meanwhile. */
async function segment(deps: Deps, doc: repo.DocSummary, resuming: boolean) {
  if (!resuming) await repo.updateDoc(deps.db, doc.id, { statusCode: 1, progress: 5, statusReason: null });
  const text = await sourceText(deps, doc);
  if (!resuming) {
    await repo.updateDoc(deps.db, doc.id, { statusCode: 3, progress: PROGRESS.extracted, charCount: text.length });
  }
  const chunks = chunkText(text, doc.segmentConfig);
  if (!chunks.length) throw new Permanent("分段后没有可用的内容（每段至少 10 个字符）");
  if (!resuming || chunks.length !== doc.segmentCount) {
    await repo.updateDoc(deps.db, doc.id, {
      statusCode: 5,
      progress: PROGRESS.segmented,
      segmentCount: chunks.length,
    });
  }
  return chunks;
}

const embeddingProgress = (done: number, total: number) =>
  PROGRESS.segmented +
  Math.floor(((PROGRESS.done - PROGRESS.segmented - 2) * Math.min(done, total)) / Math.max(total, 1));

/**
 * Embeds the chunks from `from` on, one embedding request per batch, and stores each batch's segments with their
 * vectors and full text in one insert: a restart resumes after the last stored batch.
 */
async function storeChunks(
  deps: Deps,
  doc: repo.DocSummary,
  chunks: string[],
  from: number,
  embedder: KbEmbedder,
  attempt: Attempt,
) {
  for (let i = from; i < chunks.length; i += embedder.batch) {
    if (attempt.signal.aborted) throw new Stopped("shutting down");
    const texts = chunks.slice(i, i + embedder.batch);
    const vectors = await embedder.embed(texts, attempt.signal);
    await ensureVectorIndex(deps.db, vectors[0]?.length ?? 0);
    await repo.insertSegments(
      deps.db,
      doc,
      texts.map((text, j) => ({ text, vector: vectors[j] })),
      i,
    );
    await repo.updateDoc(deps.db, doc.id, { progress: embeddingProgress(i + texts.length, chunks.length) });
  }
}

/** Embeds stored segments without a vector (all of them after the knowledge base's model changed). */
async function embedMissing(deps: Deps, docId: number, embedder: KbEmbedder, attempt: Attempt) {
  const total = await repo.countSegments(deps.db, docId);
  let done = await repo.countSegments(deps.db, docId, true);
  for (;;) {
    if (attempt.signal.aborted) throw new Stopped("shutting down");
    const batch = await repo.segmentsToEmbed(deps.db, docId, embedder.batch);
    if (!batch.length) break;
    const vectors = await embedder.embed(
      batch.map((s) => s.rawTxt),
      attempt.signal,
    );
    await ensureVectorIndex(deps.db, vectors[0]?.length ?? 0);
    await repo.storeEmbeddings(
      deps.db,
      "segment",
      batch.map((s, i) => ({ id: s.id, vector: vectors[i] ?? [] })),
    );
    done += batch.length;
    await repo.updateDoc(deps.db, docId, { progress: embeddingProgress(done, total) });
  }
}

/**
 * A new embedding model: every stored vector of the knowledge base is dropped, then each document (already shown
 * in its embedding stage) and the QA pairs are embedded again by their own jobs; segments and their ids stay.
 */
async function reembed(deps: Deps, kbId: number) {
  await repo.clearEmbeddings(deps.db, kbId);
  for (const doc of await repo.docsOfKb(deps.db, kbId)) {
    if (doc.statusCode !== 2 && doc.statusCode !== 10) await ingestQueue.send(deps, { kbId, docId: doc.id });
  }
  await ingestQueue.send(deps, { kbId, qaOf: kbId });
}

async function embedQas(deps: Deps, kbId: number, attempt: Attempt) {
  const kb = await repo.findKbById(deps.db, kbId);
  if (!kb) return;
  const embedder = await embedderOfModel(deps, kb.tenantId, kb.embeddingModelId);
  for (;;) {
    if (attempt.signal.aborted) throw new Stopped("shutting down");
    const batch = await repo.qasToEmbed(deps.db, kbId, embedder.batch);
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
