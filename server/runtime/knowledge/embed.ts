import { embedMany } from "ai";
import type { LlmConfig } from "#server/llm/registry";
import { embeddingModelFor } from "#server/llm/registry";
import type { ModelRow } from "#server/modules/model";
import { LEXICAL_DIM, lexicalEmbedding, normalise } from "./lexical";

/** Texts per embedding request: one progress step of an ingestion, and a size every provider accepts. */
export const EMBED_BATCH = 64;
/** The built-in model runs in process: larger batches, so each insert carries more rows. */
const BUILTIN_BATCH = 200;

export interface Embedder {
  /** Known before the first call for the built-in model; learnt from the first answer otherwise. */
  dimension: number | null;
  /** Texts per call (and segments per insert during ingestion). */
  batch: number;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The built-in model in slices, so a large batch does not hold up requests the event loop is serving. */
async function embedLexically(texts: string[]) {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += 32) {
    if (i) await new Promise((resolve) => setImmediate(resolve));
    out.push(...texts.slice(i, i + 32).map(lexicalEmbedding));
  }
  return out;
}

/** The built-in lexical embedding or an OpenAI-compatible embeddings endpoint (through the egress guard). */
export function embedderFor(model: ModelRow, config: LlmConfig): Embedder {
  if (model.protocol === "Builtin") {
    return { dimension: LEXICAL_DIM, batch: BUILTIN_BATCH, embed: embedLexically };
  }
  const provider = embeddingModelFor(model, config);
  return {
    dimension: model.dimension ?? null,
    batch: EMBED_BATCH,
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
