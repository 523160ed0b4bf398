import { embedMany } from "ai";
import type { LlmConfig } from "#server/llm/registry";
import { embeddingModelFor } from "#server/llm/registry";
import type { ModelRow } from "#server/modules/model";
import { LEXICAL_DIM, lexicalEmbedding, normalise } from "./lexical";

/** Texts per embedding request: one progress step of an ingestion, and a size every provider accepts. */
export const EMBED_BATCH = 64;

export interface Embedder {
  /** Known before the first call for the built-in model; learnt from the first answer otherwise. */
  dimension: number | null;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The built-in lexical embedding or an OpenAI-compatible embeddings endpoint (through the egress guard). */
export function embedderFor(model: ModelRow, config: LlmConfig): Embedder {
  if (model.protocol === "Builtin") {
    return { dimension: LEXICAL_DIM, embed: async (texts) => texts.map(lexicalEmbedding) };
  }
  const provider = embeddingModelFor(model, config);
  return {
    dimension: model.dimension ?? null,
    async embed(texts, signal) {
      const { embeddings } = await embedMany({
        model: provider,
        values: texts,
        maxRetries: 2,
        maxParallelCalls: 2,
        abortSignal: signal,
      });
      // Stored normalised, so cosine similarity is a dot product on databases without pgvector.
      return embeddings.map((e) => normalise(Array.from(e)));
    },
  };
}
