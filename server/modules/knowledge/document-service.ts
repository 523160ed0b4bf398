import { and, eq, inArray } from "drizzle-orm";
import {
  type AddDocumentInput,
  type CustomAddDocumentInput,
  type DocStatusCode,
  defaultSegmentConfig,
  docStatuses,
  type documentListInput,
  type KnowledgeDocumentInfo,
  type SegmentConfig,
  type segmentListInput,
} from "#contract/api/knowledge";
import { pageOf, pageWindow } from "#contract/page";
import type { z } from "#contract/zod";
import type { Actor, Deps } from "#server/core";
import { badField, fail, notFound } from "#server/core";
import { files } from "#server/db/schema";
import { FILE_KEY_RE, signedUrl } from "../file/service";
import { cancelJobs, ingestQueue } from "./ingest";
import * as repo from "./repo";
import { accessKb } from "./service";

/** The storage key in one of our download URLs (relative or absolute), or a bare key. */
function fileKeyOf(docUrl: string) {
  const m = /^(?:https?:\/\/[^/]+)?\/api\/file\/download\/([^/?#]+)(?:[?#].*)?$/.exec(docUrl.trim());
  const key = m ? decodeURIComponent(m[1] ?? "") : docUrl.trim();
  return FILE_KEY_RE.test(key) ? key : null;
}

const segmentOf = (auto: boolean, config: SegmentConfig | null | undefined) =>
  auto || !config ? defaultSegmentConfig : config;

/**
 * Adds uploaded files: each must be the caller's own upload in this tenant (what /api/file/upload answered), so
 * a document never reads someone else's file or an outside address. Each document is ingested by a job.
 */
export async function addDocuments(deps: Deps, actor: Actor, input: AddDocumentInput) {
  const { kb } = await accessKb(deps, actor, input.kbId, "Edit");
  const keys = input.fileList.map((f, i) => {
    const key = fileKeyOf(f.docUrl);
    if (!key) throw badField(`fileList.${i}.docUrl`, "只能使用本站上传的文件");
    return key;
  });
  const rows = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, actor.tenantId), eq(files.userId, actor.userId), inArray(files.key, keys)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  keys.forEach((key, i) => {
    if (!byKey.has(key)) throw badField(`fileList.${i}.docUrl`, "文件不存在或不是您上传的文件");
  });
  const segmentConfig = segmentOf(input.autoSegmentConfigFlag, input.segmentConfig);
  for (const [i, f] of input.fileList.entries()) {
    const file = byKey.get(keys[i] as string);
    const doc = await repo.insertDoc(deps.db, {
      kbId: kb.id,
      creatorId: actor.userId,
      modifiedId: actor.userId,
      name: f.name,
      fileKey: file?.key ?? null,
      fileSize: file?.size ?? 0,
      segmentConfig,
    });
    await ingestQueue.send(deps, { kbId: kb.id, docId: doc.id });
  }
}

export async function addPastedDocument(deps: Deps, actor: Actor, input: CustomAddDocumentInput) {
  const { kb } = await accessKb(deps, actor, input.kbId, "Edit");
  const doc = await repo.insertDoc(deps.db, {
    kbId: kb.id,
    creatorId: actor.userId,
    modifiedId: actor.userId,
    name: input.name,
    pastedText: input.fileContent,
    fileSize: Buffer.byteLength(input.fileContent),
    segmentConfig: segmentOf(input.autoSegmentConfigFlag, input.segmentConfig),
  });
  await ingestQueue.send(deps, { kbId: kb.id, docId: doc.id });
  return doc.id;
}

/** A document and the caller's access to its knowledge base; outsiders get the same 4040 as for a missing one. */
async function accessDoc(deps: Deps, actor: Actor, docId: number, need?: "Edit") {
  const doc = await repo.findDoc(deps.db, docId);
  if (!doc) throw notFound("文档不存在");
  const access = await accessKb(deps, actor, doc.kbId, need).catch((err) => {
    throw err?.code === "4040" ? notFound("文档不存在") : err;
  });
  return { doc, ...access };
}

export async function renameDocument(deps: Deps, actor: Actor, docId: number, name: string) {
  const { doc } = await accessDoc(deps, actor, docId, "Edit");
  await repo.updateDoc(deps.db, doc.id, { name, modifiedId: actor.userId });
}

export async function deleteDocument(deps: Deps, actor: Actor, docId: number) {
  const { doc } = await accessDoc(deps, actor, docId, "Edit");
  await repo.deleteDoc(deps.db, doc.id);
  await cancelJobs(deps, { docId: doc.id });
}

/** Runs a failed (or stuck) document again from the start. */
export async function retryDocument(deps: Deps, actor: Actor, docId: number) {
  const { doc } = await accessDoc(deps, actor, docId, "Edit");
  if (doc.statusCode === 2) throw fail("文档已处理完成，无需重试");
  await repo.updateDoc(deps.db, doc.id, { statusCode: 1, progress: 0, statusReason: null, modifiedId: actor.userId });
  await ingestQueue.send(deps, { kbId: doc.kbId, docId: doc.id });
}

export async function getDocument(deps: Deps, actor: Actor, docId: number) {
  const { doc } = await accessDoc(deps, actor, docId);
  const [info] = await toDocInfos(deps, [doc], (await accessKb(deps, actor, doc.kbId)).kb.spaceId);
  return info as KnowledgeDocumentInfo;
}

export async function listDocuments(deps: Deps, actor: Actor, input: z.infer<typeof documentListInput>) {
  const { kb } = await accessKb(deps, actor, input.queryFilter.kbId);
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const { rows, total } = await repo.listDocs(deps.db, kb.id, input.queryFilter.name, limit, offset);
  return pageOf(await toDocInfos(deps, rows, kb.spaceId), total, input.pageSize, input.current);
}

/** The statuses of several documents (those the caller may read; others are left out). */
export async function documentStatuses(deps: Deps, actor: Actor, docIds: number[]) {
  const docs = await repo.docsByIds(deps.db, docIds);
  const out: KnowledgeDocumentInfo[] = [];
  for (const doc of docs) {
    const kb = await accessKb(deps, actor, doc.kbId).catch(() => null);
    if (kb) out.push(...(await toDocInfos(deps, [doc], kb.kb.spaceId)));
  }
  return out;
}

async function toDocInfos(deps: Deps, docs: repo.DocSummary[], spaceId: number): Promise<KnowledgeDocumentInfo[]> {
  const names = await repo.userNames(
    deps.db,
    docs.flatMap((d) => [d.creatorId, d.modifiedId]),
  );
  return docs.map((d) => {
    const code = (d.statusCode in docStatuses ? d.statusCode : 1) as DocStatusCode;
    return {
      id: d.id,
      kbId: d.kbId,
      spaceId,
      name: d.name,
      docUrl: d.fileKey ? signedUrl(deps.config.SECRET_KEY, d.fileKey) : "",
      fileSize: d.fileSize,
      pubStatus: "Published",
      hasQa: d.hasQa,
      hasEmbedding: d.hasEmbedding,
      segment: d.segmentConfig,
      ...docStatuses[code],
      docStatusCode: code,
      docStatusReason: d.statusReason,
      progress: d.progress,
      charCount: d.charCount,
      segmentCount: d.segmentCount,
      created: d.created.toISOString(),
      creatorId: d.creatorId,
      creatorName: names.get(d.creatorId) ?? "",
      modified: d.modified.toISOString(),
      modifiedId: d.modifiedId,
      modifiedName: names.get(d.modifiedId) ?? "",
    };
  });
}

export async function listSegments(deps: Deps, actor: Actor, input: z.infer<typeof segmentListInput>) {
  const { doc, kb } = await accessDoc(deps, actor, input.queryFilter.docId);
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const { rows, total } = await repo.listSegments(deps.db, doc.id, limit, offset);
  const names = await repo.userNames(deps.db, [doc.creatorId]);
  const records = rows.map((s) => segmentInfo(s, kb.spaceId, doc, names.get(doc.creatorId) ?? ""));
  return pageOf(records, total, input.pageSize, input.current);
}

export async function getSegment(deps: Deps, actor: Actor, id: number) {
  const segment = await repo.findSegment(deps.db, id);
  if (!segment) throw notFound("分段不存在");
  const { doc, kb } = await accessDoc(deps, actor, segment.docId).catch(() => {
    throw notFound("分段不存在");
  });
  const names = await repo.userNames(deps.db, [doc.creatorId]);
  return segmentInfo(segment, kb.spaceId, doc, names.get(doc.creatorId) ?? "");
}

type SegmentRow = NonNullable<Awaited<ReturnType<typeof repo.findSegment>>>;
function segmentInfo(s: SegmentRow, spaceId: number, doc: repo.DocSummary, creatorName: string) {
  return {
    id: s.id,
    docId: s.docId,
    kbId: s.kbId,
    spaceId,
    rawTxt: s.rawTxt,
    sortIndex: s.sortIndex,
    created: s.created.toISOString(),
    creatorId: doc.creatorId,
    creatorName,
    modified: s.created.toISOString(),
    modifiedId: doc.creatorId,
    modifiedName: creatorName,
  };
}
