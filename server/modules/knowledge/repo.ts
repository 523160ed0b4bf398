import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import {
  type KnowledgeDocumentRow,
  knowledgeBases,
  knowledgeDocuments,
  knowledgeQas,
  knowledgeSegments,
  users,
} from "#server/db/schema";
import { tsvectorText } from "#server/runtime/knowledge/text";
import { arrayLiteral } from "#server/runtime/knowledge/vector-index";

export type KbRow = typeof knowledgeBases.$inferSelect;
export type DocRow = KnowledgeDocumentRow;
/** A document without its pasted text, which can be megabytes: lists and status polls never read it. */
export type DocSummary = Omit<DocRow, "pastedText">;
const { pastedText: _pasted, ...summaryColumns } = getTableColumns(knowledgeDocuments);
export type QaRow = typeof knowledgeQas.$inferSelect;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const tsv = (text: string) => sql`to_tsvector('simple', ${tsvectorText(text)})`;
const vec = (v: number[]) => sql`${arrayLiteral(v)}::real[]`;

export async function findKb(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, id), eq(knowledgeBases.tenantId, tenantId)));
  return row;
}

/** For background jobs, which act for no caller. */
export async function findKbById(db: Db, id: number) {
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id));
  return row;
}

export async function insertKb(db: Db, values: typeof knowledgeBases.$inferInsert) {
  const [row] = await db.insert(knowledgeBases).values(values).returning();
  if (!row) throw new Error("knowledge base insert returned nothing");
  return row;
}

export const updateKb = (db: Db, id: number, values: Partial<typeof knowledgeBases.$inferInsert>) =>
  db
    .update(knowledgeBases)
    .set({ ...values, modified: new Date() })
    .where(eq(knowledgeBases.id, id));

export const deleteKb = (db: Db, id: number) => db.delete(knowledgeBases).where(eq(knowledgeBases.id, id));

export async function listKbs(db: Db, spaceId: number, name: string | undefined, limit: number, offset: number) {
  const where = and(eq(knowledgeBases.spaceId, spaceId), name ? ilike(knowledgeBases.name, like(name)) : undefined);
  const rows = await db
    .select()
    .from(knowledgeBases)
    .where(where)
    .orderBy(desc(knowledgeBases.modified), desc(knowledgeBases.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(knowledgeBases).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Per knowledge base: documents, their bytes, segments and QA pairs. */
export async function kbStats(db: Db, kbIds: number[]) {
  const stats = new Map(kbIds.map((id) => [id, { docCount: 0, fileSize: 0, segmentCount: 0, qaCount: 0 }]));
  if (!kbIds.length) return stats;
  const docs = await db
    .select({
      kbId: knowledgeDocuments.kbId,
      n: count(),
      size: sql<number>`coalesce(sum(${knowledgeDocuments.fileSize}), 0)::int`,
      segs: sql<number>`coalesce(sum(${knowledgeDocuments.segmentCount}), 0)::int`,
    })
    .from(knowledgeDocuments)
    .where(inArray(knowledgeDocuments.kbId, kbIds))
    .groupBy(knowledgeDocuments.kbId);
  for (const d of docs)
    Object.assign(stats.get(d.kbId) ?? {}, { docCount: d.n, fileSize: d.size, segmentCount: d.segs });
  const qas = await db
    .select({ kbId: knowledgeQas.kbId, n: count() })
    .from(knowledgeQas)
    .where(inArray(knowledgeQas.kbId, kbIds))
    .groupBy(knowledgeQas.kbId);
  for (const q of qas) Object.assign(stats.get(q.kbId) ?? {}, { qaCount: q.n });
  return stats;
}

export async function userNames(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: users.nickName, userName: users.userName })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name || r.userName]));
}

// Documents

export async function findDoc(db: Db, id: number): Promise<DocSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));
  return row;
}

/** A pasted document's text (null for an uploaded file): read once, by the ingestion job. */
export async function pastedTextOf(db: Db, id: number) {
  const [row] = await db
    .select({ text: knowledgeDocuments.pastedText })
    .from(knowledgeDocuments)
    .where(eq(knowledgeDocuments.id, id));
  return row?.text ?? null;
}

export async function insertDoc(db: Db, values: typeof knowledgeDocuments.$inferInsert) {
  const [row] = await db.insert(knowledgeDocuments).values(values).returning();
  if (!row) throw new Error("document insert returned nothing");
  return row;
}

export const updateDoc = (db: Db, id: number, values: Partial<typeof knowledgeDocuments.$inferInsert>) =>
  db
    .update(knowledgeDocuments)
    .set({ ...values, modified: new Date() })
    .where(eq(knowledgeDocuments.id, id));

export const deleteDoc = (db: Db, id: number) => db.delete(knowledgeDocuments).where(eq(knowledgeDocuments.id, id));

export async function listDocs(db: Db, kbId: number, name: string | undefined, limit: number, offset: number) {
  const where = and(eq(knowledgeDocuments.kbId, kbId), name ? ilike(knowledgeDocuments.name, like(name)) : undefined);
  const rows: DocSummary[] = await db
    .select(summaryColumns)
    .from(knowledgeDocuments)
    .where(where)
    .orderBy(desc(knowledgeDocuments.created), desc(knowledgeDocuments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(knowledgeDocuments).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const docsByIds = (db: Db, ids: number[]): Promise<DocSummary[]> =>
  ids.length
    ? db.select(summaryColumns).from(knowledgeDocuments).where(inArray(knowledgeDocuments.id, ids))
    : Promise.resolve([]);

export const docsOfKb = (db: Db, kbId: number): Promise<DocSummary[]> =>
  db.select(summaryColumns).from(knowledgeDocuments).where(eq(knowledgeDocuments.kbId, kbId));

export async function hasUnfinishedDocs(db: Db) {
  const [row] = await db
    .select({ id: knowledgeDocuments.id })
    .from(knowledgeDocuments)
    .where(inArray(knowledgeDocuments.statusCode, [1, 3, 5]))
    .limit(1);
  return Boolean(row);
}

// Segments

/** A segment to store: its text and, when already embedded, its vector. */
export interface NewSegment {
  text: string;
  vector?: number[];
}
/** Rows per insert statement: large enough that ingestion is not one round trip per chunk. */
const INSERT_ROWS = 200;

/**
 * Adds segments numbered from `first`, with their full-text vectors and embeddings, in multi-row inserts (an
 * embedding written with its row costs one heap tuple and one pass over the indexes; a later update two).
 */
export async function insertSegments(db: Db, doc: { id: number; kbId: number }, rows: NewSegment[], first = 0) {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    await db.insert(knowledgeSegments).values(
      rows.slice(i, i + INSERT_ROWS).map((r, j) => ({
        kbId: doc.kbId,
        docId: doc.id,
        sortIndex: first + i + j,
        rawTxt: r.text,
        tsv: tsv(r.text),
        ...(r.vector?.length ? { embedding: vec(r.vector), dim: r.vector.length } : {}),
      })),
    );
  }
}

export const deleteSegments = (db: Db, docId: number) =>
  db.delete(knowledgeSegments).where(eq(knowledgeSegments.docId, docId));

export const segmentsToEmbed = (db: Db, docId: number, limit: number) =>
  db
    .select({ id: knowledgeSegments.id, rawTxt: knowledgeSegments.rawTxt })
    .from(knowledgeSegments)
    .where(and(eq(knowledgeSegments.docId, docId), isNull(knowledgeSegments.embedding)))
    .orderBy(asc(knowledgeSegments.sortIndex))
    .limit(limit);

export async function countSegments(db: Db, docId: number, onlyEmbedded = false) {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgeSegments)
    .where(
      and(
        eq(knowledgeSegments.docId, docId),
        onlyEmbedded ? sql`${knowledgeSegments.embedding} is not null` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Stores embeddings by id in one statement. */
export async function storeEmbeddings(db: Db, table: "segment" | "qa", rows: { id: number; vector: number[] }[]) {
  if (!rows.length) return;
  const target = table === "segment" ? knowledgeSegments : knowledgeQas;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${vec(r.vector)}, ${r.vector.length}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${target} t set embedding = v.e, dim = v.d from (values ${values}) as v(id, e, d)
    where t.id = v.id`);
}

/** Forgets a knowledge base's embeddings (its model changed): segments and QA pairs are embedded again. */
export async function clearEmbeddings(db: Db, kbId: number) {
  await db.update(knowledgeSegments).set({ embedding: null, dim: null }).where(eq(knowledgeSegments.kbId, kbId));
  await db.update(knowledgeQas).set({ embedding: null, dim: null }).where(eq(knowledgeQas.kbId, kbId));
}

export async function listSegments(db: Db, docId: number, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(knowledgeSegments)
    .where(eq(knowledgeSegments.docId, docId))
    .orderBy(asc(knowledgeSegments.sortIndex))
    .limit(limit)
    .offset(offset);
  return { rows, total: await countSegments(db, docId) };
}

export async function findSegment(db: Db, id: number) {
  const [row] = await db.select().from(knowledgeSegments).where(eq(knowledgeSegments.id, id));
  return row;
}

// QA pairs

export async function insertQas(
  db: Db,
  kbId: number,
  userId: number,
  pairs: { question: string; answer: string; docId?: number | null; rawId?: number | null; vector?: number[] }[],
) {
  const ids: number[] = [];
  for (let i = 0; i < pairs.length; i += 200) {
    const rows = await db
      .insert(knowledgeQas)
      .values(
        pairs.slice(i, i + 200).map((p) => ({
          kbId,
          docId: p.docId ?? null,
          rawId: p.rawId ?? null,
          creatorId: userId,
          modifiedId: userId,
          question: p.question,
          answer: p.answer,
          tsv: tsv(`${p.question}\n${p.answer}`),
          ...(p.vector ? { embedding: vec(p.vector), dim: p.vector.length } : {}),
        })),
      )
      .returning({ id: knowledgeQas.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function updateQa(db: Db, id: number, userId: number, question: string, answer: string, v?: number[]) {
  await db
    .update(knowledgeQas)
    .set({
      question,
      answer,
      modifiedId: userId,
      modified: new Date(),
      tsv: tsv(`${question}\n${answer}`),
      embedding: v ? vec(v) : null,
      dim: v ? v.length : null,
    })
    .where(eq(knowledgeQas.id, id));
}

export async function findQa(db: Db, id: number) {
  const [row] = await db.select().from(knowledgeQas).where(eq(knowledgeQas.id, id));
  return row;
}

export const deleteQa = (db: Db, id: number) => db.delete(knowledgeQas).where(eq(knowledgeQas.id, id));

export async function listQas(db: Db, kbId: number, question: string | undefined, limit: number, offset: number) {
  const where = and(eq(knowledgeQas.kbId, kbId), question ? ilike(knowledgeQas.question, like(question)) : undefined);
  const rows = await db
    .select()
    .from(knowledgeQas)
    .where(where)
    .orderBy(desc(knowledgeQas.created), desc(knowledgeQas.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(knowledgeQas).where(where);
  return { rows, total: total?.n ?? 0 };
}

export const qasToEmbed = (db: Db, kbId: number, limit: number) =>
  db
    .select({ id: knowledgeQas.id, question: knowledgeQas.question })
    .from(knowledgeQas)
    .where(and(eq(knowledgeQas.kbId, kbId), isNull(knowledgeQas.embedding)))
    .orderBy(asc(knowledgeQas.id))
    .limit(limit);
