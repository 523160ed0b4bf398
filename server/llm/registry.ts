import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { decryptSecret } from "../lib/secret-box";
import type { ModelRow } from "../modules/model/repo";
import { BuiltinLanguageModel } from "./builtin";

/** Ollama speaks the OpenAI protocol under /v1. */
function ollamaBase(url: string) {
  const trimmed = url.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}

export function apiKeyOf(model: Pick<ModelRow, "apiKeyEncrypted">, secretKey: string) {
  if (!model.apiKeyEncrypted) return "";
  try {
    return decryptSecret(secretKey, model.apiKeyEncrypted);
  } catch {
    return "";
  }
}

/** The AI SDK model for a configured model row; every call in the product goes through here. */
export function languageModelFor(model: ModelRow, secretKey: string): LanguageModelV3 {
  const apiKey = apiKeyOf(model, secretKey);
  switch (model.protocol) {
    case "Builtin":
      return new BuiltinLanguageModel(model.model);
    case "Anthropic":
      return createAnthropic({ baseURL: model.baseUrl || undefined, apiKey })(model.model) as LanguageModelV3;
    case "Ollama":
      return createOpenAICompatible({
        name: "ollama",
        baseURL: ollamaBase(model.baseUrl || "http://127.0.0.1:11434"),
        apiKey,
        includeUsage: true,
      }).chatModel(model.model);
    default:
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: model.baseUrl,
        apiKey,
        includeUsage: true,
      }).chatModel(model.model);
  }
}
