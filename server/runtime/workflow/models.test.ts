import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { BuiltinLanguageModel } from "#server/llm/builtin";
import type { PausedState } from "./events";
import { resumeWorkflow, startWorkflow } from "./executor";
import { drain, graphOf, lit, loopNodes, param, ref, trail, wfNode } from "./testing";

/** The built-in offline model, counting its calls: replayed nodes must not call it again. */
class CountingModel extends BuiltinLanguageModel {
  calls = 0;
  override async doGenerate(options: LanguageModelV3CallOptions) {
    this.calls++;
    return super.doGenerate(options);
  }
}

const text = (id: number, template: string, next: number[]) =>
  wfNode(id, "TextProcessing", { textHandleType: "CONCAT", text: template }, next);

function selectFlow() {
  const options = [
    { uuid: "a", index: "A", content: "继续", nextNodeIds: [5] },
    { uuid: "b", index: "B", content: "换一个", nextNodeIds: [6] },
    { uuid: "c", index: "C", content: "其他", nextNodeIds: [7] },
  ];
  return graphOf([
    wfNode(1, "Start", { inputArgs: [param("topic")] }, [3]),
    wfNode(3, "LLM", { modelId: 1, userPrompt: "介绍{{topic}}", inputArgs: [ref("topic", "1.topic")] }, [4]),
    wfNode(
      4,
      "QA",
      { answerType: "SELECT", question: "关于{{topic}}，下一步？", inputArgs: [ref("topic", "1.topic")], options },
      [5, 6, 7],
    ),
    text(5, "继续讲", [2]),
    text(6, "换话题", [2]),
    text(7, "默认", [2]),
    wfNode(2, "End", {
      outputArgs: [
        ref("intro", "3.output"),
        ref("answer", "4.USER_RESPONSE"),
        ref("a", "5.output"),
        ref("b", "6.output"),
        ref("c", "7.output"),
      ],
    }),
  ]);
}

describe("workflow nodes that call a model", () => {
  it("LLM: renders the prompt and answers through the built-in model", async () => {
    const model = new CountingModel();
    const { outcome } = await drain(
      startWorkflow(selectFlow(), { params: { topic: "长城" }, services: { model: () => model } }),
    );
    expect(outcome.status).toBe("PAUSED");
    expect(outcome.nodeExecuteResultMap[3]?.data?.output).toContain("你说的是：「介绍长城」");
    expect(model.calls).toBe(1);
  });

  it("QA SELECT: pauses with the question, resumes from JSON state, follows the chosen option, replays the model", async () => {
    const model = new CountingModel();
    const services = { model: () => model };
    const graph = selectFlow();
    const first = await drain(startWorkflow(graph, { params: { topic: "长城" }, services }));
    expect(first.outcome.status).toBe("PAUSED");
    expect(trail(first.events)).toContain("4:STOP_WAIT_ANSWER");
    const asked = first.events.find((e) => e.type === "node" && e.status === "STOP_WAIT_ANSWER");
    expect(asked?.type === "node" && asked.result.data).toEqual({
      question: "关于长城，下一步？",
      answerType: "SELECT",
      options: [
        { uuid: "a", index: "A", content: "继续" },
        { uuid: "b", index: "B", content: "换一个" },
      ],
    });
    // The state crosses a process boundary as JSON.
    const state = JSON.parse(JSON.stringify(first.outcome.state)) as PausedState;

    const second = await drain(resumeWorkflow(graph, state, "B", { services }));
    expect(second.outcome.status).toBe("FINISHED");
    expect(second.outcome.output).toMatchObject({ answer: "B", b: "换话题", a: undefined, c: undefined });
    expect(second.outcome.nodeStatus).toMatchObject({ 5: "SKIPPED", 6: "FINISHED", 7: "SKIPPED" });
    expect(second.outcome.output?.intro).toBe(first.outcome.nodeExecuteResultMap[3]?.data?.output);
    expect(model.calls).toBe(1);

    const byText = await drain(resumeWorkflow(graph, state, "继续", { services }));
    expect(byText.outcome.output).toMatchObject({ answer: "继续", a: "继续讲" });
    const fallback = await drain(resumeWorkflow(graph, state, "随便吧", { services }));
    expect(fallback.outcome.output).toMatchObject({ answer: "随便吧", c: "默认" });
  });

  it("QA TEXT: extracts fields with the model and asks again while a required one is missing", async () => {
    const model = new CountingModel();
    const services = { model: () => model };
    const city = { ...param("city", "String", true), description: "出发城市" };
    const graph = graphOf([
      wfNode(1, "Start", {}, [3]),
      wfNode(3, "QA", { answerType: "TEXT", question: "从哪里出发？", maxReplyCount: 3, outputArgs: [city] }, [2]),
      wfNode(2, "End", { outputArgs: [ref("city", "3.city"), ref("raw", "3.USER_RESPONSE")] }),
    ]);
    const first = await drain(startWorkflow(graph, { services }));
    expect(first.outcome).toMatchObject({ status: "PAUSED", message: "从哪里出发？" });

    const vague = await drain(resumeWorkflow(graph, first.outcome.state!, "还没想好", { services }));
    expect(vague.outcome).toMatchObject({ status: "PAUSED", message: "请补充以下信息：出发城市" });
    expect(vague.outcome.state?.pending.answers).toEqual(["还没想好"]);

    const done = await drain(resumeWorkflow(graph, vague.outcome.state!, "city=杭州", { services }));
    expect(done.outcome).toMatchObject({ status: "FINISHED", output: { city: "杭州", raw: "city=杭州" } });
  });

  it("QA inside a loop: each iteration asks once; answers resume the right iteration", async () => {
    const item = ref("item", "10-input.input_item");
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("list", "Array_String")] }, [10]),
      ...loopNodes(
        10,
        { inputArgs: [ref("input", "1.list", "Array_String")], outputArgs: [ref("all", "14.output", "Array_String")] },
        [2],
        {
          firstIds: [13],
          inner: [
            wfNode(13, "QA", { question: "{{item}} 的数量？", inputArgs: [item] }, [14]),
            wfNode(
              14,
              "TextProcessing",
              { textHandleType: "CONCAT", text: "{{item}}={{n}}", inputArgs: [item, ref("n", "13.USER_RESPONSE")] },
              [12],
            ),
          ],
        },
      ),
      wfNode(2, "End", { outputArgs: [ref("all", "10.all", "Array_String")] }),
    ]);
    const first = await drain(startWorkflow(graph, { params: { list: ["苹果", "梨"] } }));
    expect(first.outcome).toMatchObject({ status: "PAUSED", message: "苹果 的数量？" });
    const second = await drain(resumeWorkflow(graph, JSON.parse(JSON.stringify(first.outcome.state)), "3"));
    expect(second.outcome).toMatchObject({ status: "PAUSED", message: "梨 的数量？" });
    expect(second.outcome.state?.pending.answers).toEqual([]);
    const third = await drain(resumeWorkflow(graph, JSON.parse(JSON.stringify(second.outcome.state)), "5"));
    expect(third.outcome).toMatchObject({ status: "FINISHED", output: { all: ["苹果=3", "梨=5"] } });
  });

  it("IntentRecognition: routes to the matching intent, else to the catch-all branch", async () => {
    const intents = [
      { uuid: "refund", intent: "退款、退货", nextNodeIds: [4] },
      { uuid: "track", intent: "查询物流", nextNodeIds: [5] },
      { uuid: "other", intent: "其他意图", intentType: "OTHER", nextNodeIds: [6] },
    ];
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("q")] }, [3]),
      wfNode(3, "IntentRecognition", { modelId: 1, inputArgs: [ref("q", "1.q")], intentConfigs: intents }, [4, 5, 6]),
      text(4, "退款流程", [2]),
      text(5, "物流查询", [2]),
      text(6, "转人工", [2]),
      wfNode(2, "End", {
        outputArgs: [ref("a", "4.output"), ref("b", "5.output"), ref("c", "6.output"), ref("id", "3.classificationId")],
      }),
    ]);
    const services = { model: () => new BuiltinLanguageModel() };
    const refund = await drain(startWorkflow(graph, { params: { q: "我想退货" }, services }));
    expect(refund.outcome.output).toEqual({ a: "退款流程", b: undefined, c: undefined, id: 0 });
    const other = await drain(startWorkflow(graph, { params: { q: "今天天气怎样" }, services }));
    expect(other.outcome.output).toEqual({ a: undefined, b: undefined, c: "转人工", id: 2 });
  });

  it("LLM JSON output that is not JSON fails the node with a clear message", async () => {
    const graph = graphOf([
      wfNode(1, "Start", {}, [3]),
      wfNode(3, "LLM", { userPrompt: "给我数据", outputType: "JSON", outputArgs: [param("n", "Integer")] }, [2]),
      wfNode(2, "End", { outputArgs: [lit("x", "1")] }),
    ]);
    const { outcome } = await drain(startWorkflow(graph, { services: { model: () => new BuiltinLanguageModel() } }));
    expect(outcome).toMatchObject({ status: "FAILED", message: "节点「LLM3」执行失败：模型没有按要求输出 JSON" });
  });
});
