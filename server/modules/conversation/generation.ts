import { generateText } from "ai";
import type { Deps } from "#server/core";
import { BUILTIN_TASKS } from "#server/llm/builtin";
import { languageModelFor } from "#server/llm/registry";
import { findModel } from "../model";
import { getTenantConfig } from "../tenant/service";

const TITLE_TIMEOUT_MS = 20_000;
const SUGGEST_TIMEOUT_MS = 30_000;

async function tenantModel(deps: Deps, tenantId: number, which: "defaultChatModelId" | "defaultSuggestModelId") {
  const tenant = await getTenantConfig(deps, tenantId);
  const id = tenant[which] ?? tenant.defaultChatModelId;
  const model = id ? await findModel(deps.db, tenantId, id) : undefined;
  return model && model.enabled === 1 ? model : undefined;
}

const fallbackTitle = (message: string) =>
  Array.from(message.replace(/\s+/g, " ").trim()).slice(0, 20).join("") || "新的会话";

/** A one-line title (≤ 50 characters) from the default model; the first 20 characters when that fails. */
export async function generateTitle(deps: Deps, tenantId: number, firstMessage: string) {
  const model = await tenantModel(deps, tenantId, "defaultChatModelId");
  if (!model) return fallbackTitle(firstMessage);
  try {
    const { text } = await generateText({
      model: languageModelFor(model, deps.config),
      system: `${BUILTIN_TASKS.title}\n根据用户的第一条消息，为这次会话起一个简短的标题：不超过 20 个字，单行，不要引号和标点结尾，使用用户的语言。只输出标题。`,
      prompt: firstMessage.slice(0, 2000),
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS),
    });
    const title = text
      .replace(/<think>[\s\S]*?<\/think>/g, "")
      .split("\n")
      .find((l) => l.trim())
      ?.trim()
      .replace(/^["'「《]|["'」》]$/g, "");
    return title ? Array.from(title).slice(0, 50).join("") : fallbackTitle(firstMessage);
  } catch (err) {
    deps.log.warn({ err }, "title generation failed, using the first message");
    return fallbackTitle(firstMessage);
  }
}

const DEFAULT_SUGGEST_PROMPT =
  "你是对话追问建议专家。根据最后一轮问答，给出用户最可能继续问的问题：与回答相关、互不重复、简短，最多 3 个，使用用户的语言。";

/** Up to three follow-up questions as JSON `{suggestList}`; any failure yields an empty list. */
export async function suggestQuestions(
  deps: Deps,
  tenantId: number,
  input: { suggestPrompt: string; question: string; answer: string },
) {
  const model = await tenantModel(deps, tenantId, "defaultSuggestModelId");
  if (!model) return [];
  try {
    const { text } = await generateText({
      model: languageModelFor(model, deps.config),
      system: `${BUILTIN_TASKS.suggest}\n${input.suggestPrompt.trim() || DEFAULT_SUGGEST_PROMPT}\n只输出 JSON：{"suggestList": ["问题1", "问题2", "问题3"]}`,
      prompt: `用户：${input.question.slice(0, 2000)}\n助手：${input.answer.slice(0, 4000)}`,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(SUGGEST_TIMEOUT_MS),
    });
    const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
    const list = (JSON.parse(json) as { suggestList?: unknown }).suggestList;
    if (!Array.isArray(list)) return [];
    return list
      .filter((q): q is string => typeof q === "string" && q.trim().length > 0)
      .slice(0, 3)
      .map((q) => q.trim().slice(0, 100));
  } catch (err) {
    deps.log.warn({ err }, "suggestion generation failed");
    return [];
  }
}
