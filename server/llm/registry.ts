import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Config } from "../config";
import { decryptSecret } from "../lib/secret-box";
import type { ModelRow } from "../modules/model";
import { type EgressLimits, guardedFetch } from "../runtime/egress";
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

export type LlmConfig = Pick<Config, "SECRET_KEY" | "EGRESS_ALLOW">;

/** Built provider models by what they are made of, per config: at most this many kept. */
const CACHED_MODELS = 64;
const builtModels = new WeakMap<LlmConfig, Map<string, LanguageModelV3>>();

/**
 * The AI SDK model for a configured model row; every call in the product goes through here. Base URLs are
 * typed by users, so every provider sends through the egress guard (the built-in model sends nothing).
 * Building one compiles the provider's response schemas (about 2 ms of the one thread), so a model made of
 * the same row fields is built once and reused; a changed row (address, key, protocol) builds a new one.
 */
export function languageModelFor(model: ModelRow, config: LlmConfig, limits?: EgressLimits): LanguageModelV3 {
  if (limits) return buildLanguageModel(model, config, limits);
  const key = JSON.stringify([model.protocol, model.baseUrl, model.model, model.apiKeyEncrypted]);
  let cache = builtModels.get(config);
  if (!cache) {
    cache = new Map();
    builtModels.set(config, cache);
  }
  const cached = cache.get(key);
  if (cached) return cached;
  const built = buildLanguageModel(model, config);
  if (cache.size >= CACHED_MODELS) cache.delete(cache.keys().next().value as string);
  cache.set(key, built);
  return built;
}

function buildLanguageModel(model: ModelRow, config: LlmConfig, limits?: EgressLimits): LanguageModelV3 {
  const apiKey = apiKeyOf(model, config.SECRET_KEY);
  if (model.protocol === "Builtin") return new BuiltinLanguageModel(model.model);
  const fetch = guardedFetch(config, limits);
  switch (model.protocol) {
    case "Anthropic":
      return createAnthropic({ baseURL: model.baseUrl || undefined, apiKey, fetch })(model.model) as LanguageModelV3;
    case "Ollama":
      return createOpenAICompatible({
        name: "ollama",
        baseURL: ollamaBase(model.baseUrl || "http://127.0.0.1:11434"),
        apiKey,
        includeUsage: true,
        fetch,
      }).chatModel(model.model);
    default:
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: model.baseUrl,
        apiKey,
        includeUsage: true,
        fetch,
      }).chatModel(model.model);
  }
}

/** The embedding model for a configured model row, through the egress guard like chat models. */
export function embeddingModelFor(model: ModelRow, config: LlmConfig, limits?: EgressLimits) {
  return createOpenAICompatible({
    name: "openai-compatible",
    baseURL: model.baseUrl,
    apiKey: apiKeyOf(model, config.SECRET_KEY),
    fetch: guardedFetch(config, limits),
  }).textEmbeddingModel(model.model);
}
