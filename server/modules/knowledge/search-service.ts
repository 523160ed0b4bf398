import type { KnowledgeSearchInput, SearchHit } from "#contract/api/knowledge";
import type { Actor, Deps } from "#server/core";
import { type Fusion, type SearchStrategy, searchKnowledge, type VectorGroup } from "#server/runtime/knowledge/search";
import { embedderOfModel } from "./models";
import * as repo from "./repo";
import { accessKb } from "./service";

export interface SearchOptions {
  question: string;
  topK: number;
  strategy: SearchStrategy;
  matchingDegree: number;
  ignoreDocStatus?: boolean;
  fusion?: Fusion;
}

/**
 * Searches knowledge bases the caller was already allowed to use (the agent runtime and the workflow node check
 * their bindings; the API checks access first). The question is embedded once per embedding model.
 */
export async function searchKbs(deps: Deps, kbs: repo.KbRow[], options: SearchOptions): Promise<SearchHit[]> {
  if (!kbs.length) return [];
  const vectors: VectorGroup[] = [];
  if (options.strategy !== "FULL_TEXT") {
    const byModel = new Map<string, repo.KbRow[]>();
    for (const kb of kbs) {
      const key = `${kb.tenantId}:${kb.embeddingModelId}`;
      byModel.set(key, [...(byModel.get(key) ?? []), kb]);
    }
    for (const group of byModel.values()) {
      const first = group[0] as repo.KbRow;
      const embedder = await embedderOfModel(deps, first.tenantId, first.embeddingModelId);
      const [vector] = await embedder.embed([options.question]);
      if (vector) vectors.push({ kbIds: group.map((k) => k.id), vector, calibrate: embedder.calibrate });
    }
  }
  return searchKnowledge(deps.db, {
    kbIds: kbs.map((k) => k.id),
    question: options.question,
    topK: options.topK,
    strategy: options.strategy,
    matchingDegree: options.matchingDegree,
    ignoreDocStatus: options.ignoreDocStatus ?? false,
    vectors,
    fusion: options.fusion,
  });
}

/** The 检索测试 box: one knowledge base, any member of its space. */
export async function searchTest(deps: Deps, actor: Actor, input: KnowledgeSearchInput) {
  const { kb } = await accessKb(deps, actor, input.kbId);
  return searchKbs(deps, [kb], {
    question: input.question,
    topK: input.topK,
    strategy: input.searchStrategy,
    matchingDegree: input.matchingDegree,
    ignoreDocStatus: input.ignoreDocStatus,
  });
}

/** Knowledge bases of a tenant by id, for bound components (missing ones are left out). */
export async function kbsByIds(deps: Deps, tenantId: number, ids: number[]) {
  const rows = await Promise.all(ids.map((id) => repo.findKb(deps.db, tenantId, id)));
  return rows.filter((r): r is repo.KbRow => Boolean(r));
}

/**
 * The workflow Knowledge node's search (services.searchKnowledge): knowledge bases of the workflow's space only;
 * one from elsewhere fails the node with a Chinese message.
 */
export function knowledgeNodeSearch(deps: Deps, tenantId: number, spaceId: number) {
  return async (
    kbIds: number[],
    q: { query: string; strategy: SearchStrategy; topK: number; matchingDegree: number },
  ) => {
    const kbs = await kbsByIds(deps, tenantId, kbIds);
    const missing = kbIds.filter((id) => !kbs.some((kb) => kb.id === id && kb.spaceId === spaceId));
    if (missing.length) throw new Error(`知识库 ${missing.join("、")} 不存在或当前空间不可用`);
    return searchKbs(deps, kbs, {
      question: q.query,
      topK: q.topK,
      strategy: q.strategy,
      matchingDegree: q.matchingDegree,
    });
  };
}
