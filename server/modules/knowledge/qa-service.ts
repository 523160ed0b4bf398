import type { qaListInput } from "#contract/api/knowledge";
import { pageOf, pageWindow } from "#contract/page";
import type { z } from "#contract/zod";
import type { Actor, Deps } from "#server/core";
import { badField, notFound } from "#server/core";
import { ingestQueue } from "./ingest";
import { embedderOfModel } from "./models";
import * as repo from "./repo";
import { accessKb } from "./service";

const QUESTION_MAX = 500;
const ANSWER_MAX = 5000;
const IMPORT_MAX_ROWS = 5000;

/**
 * Embeds questions with the knowledge base's model. When the model cannot answer now, the pairs are stored
 * without vectors and a job embeds them later (they are found by full text meanwhile).
 */
async function questionVectors(deps: Deps, kb: repo.KbRow, questions: string[]) {
  try {
    const embedder = await embedderOfModel(deps, kb.tenantId, kb.embeddingModelId);
    return await embedder.embed(questions);
  } catch (err) {
    deps.log.warn({ err, kbId: kb.id }, "QA embedding deferred to a job");
    return null;
  }
}

async function storePairs(deps: Deps, actor: Actor, kb: repo.KbRow, pairs: { question: string; answer: string }[]) {
  const vectors = await questionVectors(
    deps,
    kb,
    pairs.map((p) => p.question),
  );
  const ids = await repo.insertQas(
    deps.db,
    kb.id,
    actor.userId,
    pairs.map((p, i) => ({ ...p, vector: vectors?.[i] })),
  );
  if (!vectors) await ingestQueue.send(deps, { kbId: kb.id, qaOf: kb.id });
  return ids;
}

export async function addQa(deps: Deps, actor: Actor, kbId: number, question: string, answer: string) {
  const { kb } = await accessKb(deps, actor, kbId, "Edit");
  const [id] = await storePairs(deps, actor, kb, [{ question, answer }]);
  return id as number;
}

async function accessQa(deps: Deps, actor: Actor, id: number, need?: "Edit") {
  const qa = await repo.findQa(deps.db, id);
  if (!qa) throw notFound("问答不存在");
  const { kb } = await accessKb(deps, actor, qa.kbId, need).catch((err) => {
    throw err?.code === "4040" ? notFound("问答不存在") : err;
  });
  return { qa, kb };
}

export async function updateQa(deps: Deps, actor: Actor, id: number, question: string, answer: string) {
  const { qa, kb } = await accessQa(deps, actor, id, "Edit");
  const vectors = await questionVectors(deps, kb, [question]);
  await repo.updateQa(deps.db, qa.id, actor.userId, question, answer, vectors?.[0]);
  if (!vectors) await ingestQueue.send(deps, { kbId: kb.id, qaOf: kb.id });
}

export async function deleteQa(deps: Deps, actor: Actor, id: number) {
  const { qa } = await accessQa(deps, actor, id, "Edit");
  await repo.deleteQa(deps.db, qa.id);
}

export async function listQa(deps: Deps, actor: Actor, input: z.infer<typeof qaListInput>) {
  const { kb } = await accessKb(deps, actor, input.queryFilter.kbId);
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const { rows, total } = await repo.listQas(deps.db, kb.id, input.queryFilter.question, limit, offset);
  const names = await repo.userNames(
    deps.db,
    rows.flatMap((r) => [r.creatorId, r.modifiedId]),
  );
  const records = rows.map((q) => ({
    id: q.id,
    kbId: q.kbId,
    spaceId: kb.spaceId,
    docId: q.docId ?? 0,
    rawId: q.rawId,
    question: q.question,
    answer: q.answer,
    hasEmbedding: q.dim !== null,
    created: q.created.toISOString(),
    creatorId: q.creatorId,
    creatorName: names.get(q.creatorId) ?? "",
    modified: q.modified.toISOString(),
    modifiedId: q.modifiedId,
    modifiedName: names.get(q.modifiedId) ?? "",
  }));
  return pageOf(records, total, input.pageSize, input.current);
}

const HEADERS = ["问题", "答案"];

/** exceljs takes ~20 MB and half a second to load: only processes that handle a spreadsheet pay for it. */
const loadExcel = async () => (await import("exceljs")).default;

/** The import template: the two columns and one example row. */
export async function qaTemplate(): Promise<Uint8Array> {
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet("问答");
  sheet.columns = [
    { header: HEADERS[0], key: "q", width: 40 },
    { header: HEADERS[1], key: "a", width: 80 },
  ];
  sheet.addRow({ q: "购买后多久可以无理由退款？", a: "购买后 7 天内可以申请无理由退款。" });
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join("");
    return String(o.text ?? o.result ?? "");
  }
  return String(v);
};

/**
 * Imports QA pairs from the first sheet of an .xlsx: the columns headed 问题 and 答案 (else the first two), one
 * pair per row. Rows with an empty or too long question or answer are skipped and counted.
 */
export async function importQa(deps: Deps, actor: Actor, kbId: number, bytes: Uint8Array) {
  const { kb } = await accessKb(deps, actor, kbId, "Edit");
  const book = new (await loadExcel()).Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw badField("file", "不是有效的 Excel (.xlsx) 文件");
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badField("file", "Excel 文件中没有工作表");
  const header = (sheet.getRow(1).values as unknown[]).map(cell).map((s) => s.trim());
  const qCol = header.indexOf(HEADERS[0] as string);
  const aCol = header.indexOf(HEADERS[1] as string);
  const [qi, ai, first] = qCol > 0 && aCol > 0 ? [qCol, aCol, 2] : [1, 2, 1];
  const pairs: { question: string; answer: string }[] = [];
  let skipped = 0;
  for (let r = first; r <= sheet.rowCount; r++) {
    const values = sheet.getRow(r).values as unknown[];
    const question = cell(values[qi]).trim();
    const answer = cell(values[ai]).trim();
    if (!question && !answer) continue;
    if (!question || !answer || question.length > QUESTION_MAX || answer.length > ANSWER_MAX) skipped++;
    else pairs.push({ question, answer });
  }
  if (pairs.length > IMPORT_MAX_ROWS) throw badField("file", `一次最多导入 ${IMPORT_MAX_ROWS} 条问答`);
  if (pairs.length) await storePairs(deps, actor, kb, pairs);
  return { added: pairs.length, skipped };
}
