import { generateText } from "ai";
import type { Deps } from "#server/core";
import { BUILTIN_TASKS } from "#server/llm/builtin";
import { languageModelFor } from "#server/llm/registry";
import { recentMessages } from "#server/modules/conversation";
import * as memories from "#server/modules/memory";
import { findModel } from "#server/modules/model";
import { getTenantConfig } from "#server/modules/tenant/service";
import { defineQueue } from "../jobs";
import { parseExtraction, planMerge } from "./merge";

export interface ExtractJob {
  tenantId: number;
  userId: number;
  agentId: number;
  conversationId: number;
}

/** The last two exchanges are read (original-backend.md §5.4: the last 4 messages). */
const RECENT_MESSAGES = 4;
/** Existing memories shown to the model so it updates rather than repeats them. */
const KNOWN_MEMORIES = 60;
const EXTRACT_TIMEOUT_MS = 60_000;
const MESSAGE_CHARS = 2000;

const SYSTEM_PROMPT = `${BUILTIN_TASKS.memory}
你负责从对话中提取关于用户本人的长期记忆：稳定、以后还有用的事实（身份、项目、偏好、计划、关系、账号等），不要提取助手说的话、寒暄或一次性的问题。
分类（category）只能是：profile 个人信息、auth 账号凭证、social 社交关系、project 项目、preference 偏好、task 任务、note 笔记、idea 想法、event 事件、document 文档、code 代码、other 其他。
每条记忆：category、subCategory（英文小写子类，如 basic、work、likes）、key（事实的名称，如 姓名、当前项目）、content（以“用户”开头的一句完整陈述）、isSensitive（密码、证件号、手机号等隐私为 true）。
已有记忆中同一件事有了新说法时，带上它的 id 输出更新后的内容；已有且没有变化的不要输出。
只输出 JSON：{"memories": [{"id": 可选, "category": "...", "subCategory": "...", "key": "...", "content": "...", "isSensitive": false}]}，没有可提取的内容时输出 {"memories": []}。`;

async function defaultChatModel(deps: Deps, tenantId: number) {
  const id = (await getTenantConfig(deps, tenantId)).defaultChatModelId;
  const model = id ? await findModel(deps.db, tenantId, id) : undefined;
  return model && model.enabled === 1 ? model : undefined;
}

/** The extraction request's user turn: what is remembered, then the conversation's last messages. */
export function extractionPrompt(known: memories.MemoryRow[], recent: { role: string; text: string }[]) {
  const knownLines = known.map((m) =>
    JSON.stringify({ id: m.id, category: m.category, key: m.memoryKey, content: m.content }),
  );
  const dialogue = recent
    .filter((m) => m.text.trim())
    .map((m) => `${m.role === "USER" ? "用户" : "助手"}：${m.text.replace(/\s+/g, " ").slice(0, MESSAGE_CHARS)}`);
  return `已有记忆：\n${knownLines.join("\n") || "（无）"}\n\n对话：\n${dialogue.join("\n")}`;
}

/**
 * One extraction: the conversation's last messages and the memories already kept go to the tenant's default
 * chat model; its facts are merged in (updated, not duplicated). Returns how many rows changed.
 */
export async function extractMemories(deps: Deps, job: ExtractJob, signal?: AbortSignal) {
  const model = await defaultChatModel(deps, job.tenantId);
  if (!model) return { inserted: 0, updated: 0 };
  const recent = (await recentMessages(deps.db, job.conversationId, RECENT_MESSAGES)).filter(
    (m) => m.role === "USER" || m.status === "complete",
  );
  if (!recent.some((m) => m.role === "USER")) return { inserted: 0, updated: 0 };
  const known = await memories.ofOwnerAgent(deps.db, job.userId, job.agentId, KNOWN_MEMORIES);
  const { text } = await generateText({
    model: languageModelFor(model, deps.config),
    system: SYSTEM_PROMPT,
    prompt: extractionPrompt(known, recent),
    temperature: 0,
    maxRetries: 0,
    abortSignal: signal ? AbortSignal.any([signal, AbortSignal.timeout(EXTRACT_TIMEOUT_MS)]) : undefined,
  });
  const owner = { tenantId: job.tenantId, userId: job.userId, agentId: job.agentId };
  const plan = planMerge(owner, known, parseExtraction(text));
  await deps.db.transaction(async (tx) => {
    for (const u of plan.updates) await memories.updateMemory(tx, u.id, u.patch);
    await memories.insertMemories(tx, plan.inserts);
  });
  return { inserted: plan.inserts.length, updated: plan.updates.length };
}

/**
 * After-turn extraction on the job queue: retried with back-off when the model fails, taken up again after a
 * restart. Two jobs of one user with one agent may run at once; the merge reads what is kept at its start, so
 * the worst case is a repeated fact, which the next extraction updates.
 */
export const extractQueue = defineQueue<ExtractJob>({
  name: "memory-extract",
  concurrency: 1,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
  async handler(deps, job, attempt) {
    const started = performance.now();
    const result = await extractMemories(deps, job, attempt.signal);
    deps.log.info({ ...job, ...result, ms: Math.round(performance.now() - started) }, "long-term memories extracted");
  },
});
