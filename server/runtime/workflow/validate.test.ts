import { describe, expect, it } from "vitest";
import { frameOf } from "./events";
import { startWorkflow } from "./executor";
import { drain, graphOf, lit, loopNodes, param, ref, wfNode } from "./testing";
import type { WorkflowNode } from "./types";
import { validateWorkflow } from "./validate";

const text = (id: number, next: number[], inputs = [ref("q", "1.q")]) =>
  wfNode(id, "TextProcessing", { textHandleType: "CONCAT", text: "{{q}}", inputArgs: inputs }, next);
const start = wfNode(1, "Start", { inputArgs: [param("q"), param("n", "Integer")] }, [3]);
const end = wfNode(2, "End", { outputArgs: [ref("out", "3.output")] });

/** The messages per node id, only for nodes that have some. */
function problems(nodes: WorkflowNode[]) {
  const checks = validateWorkflow(graphOf(nodes));
  return Object.fromEntries(checks.filter((c) => !c.success).map((c) => [c.nodeId, c.messages]));
}

describe("workflow validation", () => {
  it("passes a sound graph: every node listed, all successful", () => {
    const checks = validateWorkflow(graphOf([start, text(3, [2]), end]));
    expect(checks.map((c) => c.nodeId).sort()).toEqual([1, 2, 3]);
    expect(checks.every((c) => c.success && c.messages.length === 0)).toBe(true);
  });

  it("names a missing Start or End node", () => {
    expect(problems([wfNode(5, "TextProcessing", {}, [])])).toMatchObject({
      1: ["缺少开始节点"],
      2: ["缺少结束节点"],
    });
  });

  it("names nodes cut off from Start, nodes that never reach End, and links to missing nodes", () => {
    const literal = [lit("q", "x")];
    expect(problems([start, text(3, [2, 99]), text(4, [2], literal), text(5, [], literal), end])).toEqual({
      3: ["连接的下一个节点（99）不存在"],
      4: ["节点未与开始节点连通"],
      5: ["节点未与开始节点连通"],
    });
    expect(problems([wfNode(1, "Start", {}, [3, 6]), text(3, [2]), text(6, []), end])).toEqual({
      6: ["节点无法到达结束节点"],
    });
  });

  it("names a cycle outside loops on every node in it", () => {
    const found = problems([start, text(3, [4]), text(4, [3, 2]), end]);
    expect(found[3]).toContain("节点「TextProcessing3」与「TextProcessing4」形成循环");
    expect(found[4]).toContain("节点「TextProcessing3」与「TextProcessing4」形成循环");
  });

  it("checks references: format, missing node, not upstream, missing output, mismatching type", () => {
    const found = problems([
      start,
      text(3, [4], [ref("a", "nonsense"), ref("b", "42.output"), ref("c", "4.output")]),
      text(4, [2], [ref("d", "3.nothing"), ref("e", "3.output", "Array_String"), ref("f", "1.n", "Object")]),
      end,
    ]);
    expect(found[3]).toEqual([
      "参数 a 未选择引用或引用格式不正确",
      "参数 b 引用的节点（42）不存在",
      "参数 c 引用的节点「TextProcessing4」不在当前节点之前",
    ]);
    expect(found[4]).toEqual([
      "参数 d 引用的「TextProcessing3」没有输出 nothing",
      "参数 e 的类型 Array_String 与引用的「TextProcessing3」的 output（String）不一致",
      "参数 f 的类型 Object 与引用的「Start1」的 n（Integer）不一致",
    ]);
  });

  it("refuses node types another module will bring, LoopBreak outside a loop and loop refs outside their loop", () => {
    const found = problems([
      wfNode(1, "Start", { inputArgs: [param("q")] }, [3, 4, 5]),
      wfNode(3, "Mcp", {}, [2]),
      wfNode(4, "LoopBreak", {}, [2]),
      text(5, [2], [ref("i", "9-input.INDEX", "Integer")]),
      wfNode(2, "End"),
    ]);
    expect(found).toEqual({
      3: ["MCP节点：该节点将在后续版本支持"],
      4: ["终止循环节点只能在循环体内使用"],
      5: ["参数 i 只能在所属循环体内引用循环的输入或变量"],
    });
  });

  it("checks each node's own config: schema, exception handlers, conditions, loops", () => {
    const found = problems([
      wfNode(1, "Start", {}, [3]),
      wfNode(
        3,
        "HTTPRequest",
        { url: "ftp://x", exceptionHandleConfig: { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW" } },
        [4],
      ),
      wfNode(4, "Condition", { conditionBranchConfigs: [] }, [5]),
      wfNode(5, "LLM", { userPrompt: "hi", outputType: "XML" }, [10]),
      wfNode(10, "Loop", { loopType: "SPECIFY_TIMES_LOOP", loopTimes: 0 }, [2]),
      wfNode(2, "End"),
    ]);
    expect(found[3]).toEqual(
      expect.arrayContaining([
        "异常处理方式为执行异常流程，但未连接异常处理节点",
        "请求地址必须以 http:// 或 https:// 开头",
      ]),
    );
    // Without branches the Condition leads nowhere, so the nodes after it are cut off as well.
    expect(found[4]).toEqual(["节点无法到达结束节点", "条件分支不能为空"]);
    expect(found[5]).toContain("节点未与开始节点连通");
    expect(found[5]?.some((m) => m.startsWith("配置项 outputType："))).toBe(true);
    expect(found[10]).toEqual(
      expect.arrayContaining(["循环体缺少循环开始节点", "循环体缺少循环结束节点", "循环次数必须大于 0"]),
    );
  });

  it("keeps loop bodies inside their loop and checks loop inputs and variables", () => {
    const found = problems([
      wfNode(1, "Start", { inputArgs: [param("q")] }, [10]),
      ...loopNodes(10, { inputArgs: [ref("input", "1.q")] }, [2], {
        firstIds: [13],
        inner: [text(13, [12, 2], [ref("x", "10-input.other_item"), ref("v", "10-var.none")])],
      }),
      wfNode(2, "End"),
    ]);
    expect(found[10]).toEqual(["循环数组 input 的类型必须是数组"]);
    expect(found[13]).toEqual([
      "循环体内的节点不能连接到循环体外部的节点「End2」",
      "参数 x 引用的循环输入 other_item 不存在",
      "参数 v 引用的循环变量 none 不存在",
    ]);
  });

  it("refuses to run an invalid graph: the outcome carries the per-node messages, no node runs", async () => {
    const graph = graphOf([start, text(3, [4]), text(4, [3, 2]), end]);
    const { events, outcome } = await drain(startWorkflow(graph, { params: { q: "x" } }));
    expect(outcome).toMatchObject({ status: "FAILED", message: "工作流校验未通过，请根据提示修改后再运行" });
    expect(outcome.checks?.find((c) => c.nodeId === 3)?.success).toBe(false);
    expect(events.filter((e) => e.type === "node")).toEqual([]);
    // On the test-run stream: one final frame, failed, carrying the per-node messages.
    expect(frameOf(events.at(-1)!, "r", 0)).toMatchObject({
      complete: true,
      success: false,
      code: "0001",
      message: "工作流校验未通过，请根据提示修改后再运行",
      data: expect.arrayContaining([{ nodeId: 3, success: false, messages: expect.any(Array) }]),
    });
  });

  it("accepts literal arguments without references and unknown extra config fields", () => {
    const extra = wfNode(
      3,
      "TextProcessing",
      { textHandleType: "CONCAT", text: "x", inputArgs: [lit("a", "1")], future: 1 },
      [2],
    );
    expect(problems([start, extra, wfNode(2, "End")])).toEqual({});
  });
});
