import type { SearchHit } from "#contract/api/knowledge";
import type { searchStrategies } from "#contract/enums";
import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition, WorkflowNode } from "../types";

export interface KnowledgeQuery {
  query: string;
  strategy: (typeof searchStrategies)[number];
  topK: number;
  matchingDegree: number;
}

/**
 * What the Knowledge node needs from whoever starts the run (the knowledge module's `knowledgeNodeSearch`): a
 * search over knowledge bases of the workflow's space, refusing others with a Chinese message.
 */
export type KnowledgeSearch = (kbIds: number[], q: KnowledgeQuery, signal: AbortSignal) => Promise<SearchHit[]>;

const kbIdsOf = (node: WorkflowNode) =>
  ((node.nodeConfig?.knowledgeBaseConfigs ?? []) as { knowledgeBaseId?: unknown }[])
    .map((c) => Number(c?.knowledgeBaseId))
    .filter((n) => Number.isInteger(n) && n > 0);

const clamp = (v: unknown, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

/**
 * 知识库 (original-backend.md §6.3): searches the configured knowledge bases with the node's strategy, top K and
 * threshold for its `Query` input; output `{outputList: [{question, output, rawText}]}` (output = the answer of a QA
 * pair, else the passage). An empty query answers `{}`.
 */
export const Knowledge: NodeDefinition = {
  kind: nodeKinds.Knowledge,
  replay: true,
  validate(node) {
    return kbIdsOf(node).length ? [] : ["请选择知识库"];
  },
  async run(ctx) {
    const query = String(ctx.inputs.Query ?? ctx.inputs.query ?? "").trim();
    if (!query) return { output: {} };
    const search = ctx.services.searchKnowledge;
    if (!search) throw new Error("知识库检索不可用");
    const config = ctx.config;
    const strategy = ["SEMANTIC", "FULL_TEXT", "MIXED"].includes(config.searchStrategy)
      ? config.searchStrategy
      : "MIXED";
    const hits = await search(
      kbIdsOf(ctx.node),
      {
        query,
        strategy,
        topK: Math.round(clamp(config.maxRecallCount, 1, 10, 5)),
        matchingDegree: clamp(config.matchingDegree, 0.01, 0.99, 0.5),
      },
      ctx.signal,
    );
    return {
      output: {
        outputList: hits.map((h) => ({ question: h.question, output: h.answer || h.rawTxt, rawText: h.rawTxt })),
      },
    };
  },
};
