import type { SearchHit } from "#contract/api/knowledge";
import { knowledgeBindSchema } from "#contract/components";
import type { Deps } from "#server/core";
import { kbsByIds, searchKbs } from "#server/modules/knowledge";
import type { RuntimeTool, ToolFactory } from "./tools";

type KnowledgeBind = ReturnType<typeof knowledgeBindSchema.parse>;

/** What the model reads of a passage: the source, and the question/answer of a QA pair. */
const PASSAGE_CHARS = 2000;
export const DEFAULT_NO_RECALL = "抱歉，知识库中没有找到与您问题相关的内容。";

/** The hits as the model and the step chip read them: numbered passages with their document and score. */
export function passagesOf(kbName: string, hits: SearchHit[]) {
  return {
    knowledgeBase: kbName,
    instruction: "请依据以下知识库片段回答用户的问题，回答时注明引用的文档；片段中没有的信息不要编造。",
    passages: hits.map((h, i) => ({
      index: i + 1,
      source: h.docName || "问答",
      score: h.score,
      ...(h.question ? { question: h.question, answer: h.answer } : {}),
      text: h.rawTxt.slice(0, PASSAGE_CHARS),
    })),
  };
}

/** Searches one knowledge base as the binding says (strategy, top K, threshold). */
export async function searchBound(deps: Deps, tenantId: number, kbId: number, bind: KnowledgeBind, query: string) {
  const [kb] = await kbsByIds(deps, tenantId, [kbId]);
  if (!kb) return null;
  const hits = await searchKbs(deps, [kb], {
    question: query,
    topK: bind.maxRecallCount,
    strategy: bind.searchStrategy,
    matchingDegree: bind.matchingDegree,
  });
  return { kb, hits };
}

/**
 * A knowledge base bound to an agent (original-backend.md §7.2). AUTO searches with the user's message before the
 * model answers and puts the passages into its prompt; ON_DEMAND offers the model a search tool. With no passage
 * above the threshold, a CUSTOM no-recall reply ends the turn with that text; DEFAULT tells the model to say so.
 */
export const knowledgeToolFactory: ToolFactory = async (component, ctx) => {
  const bind = knowledgeBindSchema.parse(component.bindConfig ?? {});
  const [kb] = await kbsByIds(ctx.deps, ctx.tenantId, [component.targetId]);
  if (!kb) return null;
  const label = kb.name || component.name;
  const tool: RuntimeTool = {
    name: `knowledge${component.targetId}`,
    label,
    type: "Knowledge",
    targetId: component.targetId,
    componentId: component.id,
    description: `在知识库「${label}」中检索与问题相关的资料片段。${kb.description ? `知识库简介：${kb.description}` : ""}`,
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", description: "检索用的问题或关键词" } },
      required: ["query"],
      additionalProperties: false,
    },
    mode: bind.invokeType,
    exceptionOut: Number(component.exceptionOut) === 1,
    fallbackMsg: component.fallbackMsg ?? "",
    async execute(args, toolCtx) {
      const query = String(args.query ?? "").trim();
      if (!query) throw new Error("检索内容不能为空");
      const found = await searchBound(ctx.deps, ctx.tenantId, component.targetId, bind, query);
      if (!found) throw new Error("知识库不存在");
      if (found.hits.length) return passagesOf(found.kb.name, found.hits);
      const reply = bind.noneRecallReplyType === "CUSTOM" && bind.noneRecallReply ? bind.noneRecallReply : null;
      if (reply && bind.invokeType === "AUTO") toolCtx.finishWith?.({ reason: "DIRECT_OUTPUT", text: reply });
      return `知识库「${found.kb.name}」中没有找到相关内容。请直接这样回复用户：${reply ?? DEFAULT_NO_RECALL}`;
    },
  };
  return tool;
};
