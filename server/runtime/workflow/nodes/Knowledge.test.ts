import { describe, expect, it } from "vitest";
import type { SearchHit } from "#contract/api/knowledge";
import { startWorkflow } from "../executor";
import { drain, graphOf, param, ref, wfNode } from "../testing";
import { validateWorkflow } from "../validate";
import type { KnowledgeQuery } from "./Knowledge";

const hit = (over: Partial<SearchHit>): SearchHit => ({
  qaId: null,
  rawId: 1,
  kbId: 7,
  docId: 3,
  docName: "refund.md",
  question: "",
  answer: "",
  rawTxt: "购买后 7 天内可以申请无理由退款。",
  score: 0.8,
  ...over,
});

/** Start(q) → Knowledge over knowledge base 7 → End returning its outputList. */
const graph = (config: Record<string, unknown> = {}) =>
  graphOf([
    wfNode(1, "Start", { inputArgs: [param("q")] }, [3]),
    wfNode(
      3,
      "Knowledge",
      {
        knowledgeBaseConfigs: [{ knowledgeBaseId: 7, name: "帮助中心" }],
        searchStrategy: "SEMANTIC",
        maxRecallCount: 3,
        matchingDegree: 0.6,
        inputArgs: [ref("Query", "1.q")],
        ...config,
      },
      [2],
    ),
    wfNode(2, "End", { outputArgs: [ref("list", "3.outputList")] }),
  ]);

describe("Knowledge node", () => {
  it("searches the configured knowledge bases with the node's settings and lists question, output and passage", async () => {
    const asked: [number[], KnowledgeQuery][] = [];
    const searchKnowledge = async (kbIds: number[], q: KnowledgeQuery) => {
      asked.push([kbIds, q]);
      return [
        hit({}),
        hit({ qaId: 5, question: "退款要多久？", answer: "1 到 3 个工作日。", rawTxt: "退款 1 到 3 个工作日到账。" }),
      ];
    };
    const { outcome } = await drain(
      startWorkflow(graph(), { params: { q: "怎么退款" }, services: { searchKnowledge } as never }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(asked).toEqual([[[7], { query: "怎么退款", strategy: "SEMANTIC", topK: 3, matchingDegree: 0.6 }]]);
    expect(outcome.output).toEqual({
      list: [
        { question: "", output: "购买后 7 天内可以申请无理由退款。", rawText: "购买后 7 天内可以申请无理由退款。" },
        { question: "退款要多久？", output: "1 到 3 个工作日。", rawText: "退款 1 到 3 个工作日到账。" },
      ],
    });
  });

  it("answers nothing for an empty query without searching", async () => {
    let searched = false;
    const searchKnowledge = async () => {
      searched = true;
      return [];
    };
    const { outcome } = await drain(
      startWorkflow(graph(), { params: { q: " " }, services: { searchKnowledge } as never }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(searched).toBe(false);
  });

  it("is refused by validation without a knowledge base", () => {
    const problems = validateWorkflow(graph({ knowledgeBaseConfigs: [] }));
    expect(JSON.stringify(problems)).toContain("请选择知识库");
  });
});
