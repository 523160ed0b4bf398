import { generateText } from "ai";
import type { Actor, Deps } from "#server/core";
import { fail, notFound } from "#server/core";
import { languageModelFor } from "#server/llm/registry";
import { defineQueue } from "#server/runtime/jobs";
import { findModel } from "../model";
import { getTenantConfig } from "../tenant/service";
import { GENERATE_QUEUE, ingestQueue } from "./ingest";
import * as repo from "./repo";
import { accessKb } from "./service";

/** The original's prompt (original-backend.md §7.2): self-contained questions, concise answers, JSON only. */
const PROMPT = `请根据下面的文本生成若干问答对，用于知识库检索。要求：问题必须独立完整、不依赖上下文；答案简洁准确，只使用文本中的信息；没有合适内容时返回空列表。
只输出 JSON：{"qaList":[{"question":"…","answer":"…"}]}

文本：
`;

function parsePairs(text: string) {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return [];
  try {
    const list = (JSON.parse(json) as { qaList?: unknown }).qaList;
    if (!Array.isArray(list)) return [];
    return list
      .map((p) => ({ question: String(p?.question ?? "").trim(), answer: String(p?.answer ?? "").trim() }))
      .filter((p) => p.question && p.answer && p.question.length <= 500 && p.answer.length <= 5000);
  } catch {
    return [];
  }
}

/** Generates QA pairs for each segment of a finished document with the tenant's knowledge (else chat) model. */
const generateQueue = defineQueue<{ docId: number; kbId?: number; userId: number }>({
  name: GENERATE_QUEUE,
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 30 * 60,
  async handler(deps, { docId, userId }, attempt) {
    const doc = await repo.findDoc(deps.db, docId);
    const kb = doc ? await repo.findKbById(deps.db, doc.kbId) : undefined;
    if (!doc || !kb) return;
    const tenant = await getTenantConfig(deps, kb.tenantId);
    const modelId = tenant.defaultKnowledgeModelId ?? tenant.defaultChatModelId;
    const model = modelId ? await findModel(deps.db, kb.tenantId, modelId) : undefined;
    if (!model) {
      await repo.updateDoc(deps.db, docId, { statusCode: 2, statusReason: "没有可用于生成问答的模型" });
      return;
    }
    await repo.updateDoc(deps.db, docId, { statusCode: 4, statusReason: null });
    let added = 0;
    for (let offset = 0; ; offset += 50) {
      const { rows } = await repo.listSegments(deps.db, docId, 50, offset);
      if (!rows.length) break;
      for (const segment of rows) {
        if (attempt.signal.aborted) throw new Error("shutting down");
        const { text } = await generateText({
          model: languageModelFor(model, deps.config),
          prompt: PROMPT + segment.rawTxt,
          maxRetries: 2,
          abortSignal: attempt.signal,
        });
        const pairs = parsePairs(text).map((p) => ({ ...p, docId, rawId: segment.id }));
        if (pairs.length) added += (await repo.insertQas(deps.db, kb.id, userId, pairs)).length;
      }
    }
    await repo.updateDoc(deps.db, docId, {
      statusCode: 2,
      hasQa: added > 0,
      statusReason: added ? null : "模型没有生成问答",
    });
    // The new pairs are embedded by the ingestion queue's QA step.
    await ingestQueue.send(deps, { kbId: kb.id, qaOf: kb.id });
  },
});

export async function generateQa(deps: Deps, actor: Actor, docId: number) {
  const doc = await repo.findDoc(deps.db, docId);
  if (!doc) throw notFound("文档不存在");
  await accessKb(deps, actor, doc.kbId, "Edit");
  if (doc.statusCode !== 2) throw fail("文档处理完成后才能生成问答");
  await generateQueue.send(deps, { docId, kbId: doc.kbId, userId: actor.userId });
}
