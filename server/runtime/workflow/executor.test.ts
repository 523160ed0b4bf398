import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { frameOf } from "./events";
import { startWorkflow } from "./executor";
import { drain, graphOf, lit, loopNodes, param, ref, trail, wfNode } from "./testing";

const text = (id: number, template: string, inputs: ReturnType<typeof ref>[], next: number[]) =>
  wfNode(id, "TextProcessing", { textHandleType: "CONCAT", text: template, inputArgs: inputs }, next);

describe("workflow executor", () => {
  it("runs a linear flow: typed Start parameters, references, templates, node events in order", async () => {
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("name", "String", true), param("n", "Integer")] }, [3]),
      text(3, "你好，{{name}}！共 {{n}} 次", [ref("name", "1.name"), ref("n", "1.n", "Integer")], [4]),
      wfNode(4, "Variable", { configType: "SET_VARIABLE", inputArgs: [ref("greeting", "3.output")] }, [2]),
      wfNode(2, "End", { returnType: "VARIABLE", outputArgs: [ref("greeting", "3.output")] }),
    ]);
    const variables: Record<string, unknown> = {};
    const { events, outcome } = await drain(
      startWorkflow(graph, {
        params: { name: "小明", n: "3" },
        services: {
          setVariable: (k, v) => {
            variables[k] = v;
          },
        },
      }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ greeting: "你好，小明！共 3 次" });
    expect(variables).toEqual({ greeting: "你好，小明！共 3 次" });
    expect(trail(events)).toEqual([
      "1:EXECUTING",
      "1:FINISHED",
      "3:EXECUTING",
      "3:FINISHED",
      "4:EXECUTING",
      "4:FINISHED",
      "2:EXECUTING",
      "2:FINISHED",
    ]);
    // The Integer parameter arrived as a number, and each result keeps its input and timing.
    const result = outcome.nodeExecuteResultMap[3]!;
    expect(result.input).toEqual({ name: "小明", n: 3 });
    expect(result.endTime).toBeGreaterThanOrEqual(result.startTime);
    expect(events.at(-1)).toMatchObject({ type: "final", outcome: { success: true } });
    // Node events become the test-run stream's progress frames.
    const finished = events[3]!;
    expect(frameOf(finished, "req-1", 5)).toEqual({
      success: true,
      code: "0000",
      message: null,
      requestId: "req-1",
      data: {
        nodeId: 3,
        name: "TextProcessing3",
        status: "FINISHED",
        result: finished.type === "node" && finished.result,
      },
      nodeExecuteResultMap: null,
      costTime: 5,
      complete: false,
    });
  });

  it("refuses a missing required parameter on the Start node", async () => {
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("name", "String", true)] }, [2]),
      wfNode(2, "End", { outputArgs: [ref("name", "1.name")] }),
    ]);
    const { outcome } = await drain(startWorkflow(graph, {}));
    expect(outcome).toMatchObject({ status: "FAILED", message: "节点「Start1」执行失败：参数 name 不能为空" });
    expect(outcome.nodeExecuteResultMap[1]).toMatchObject({ success: false, error: "参数 name 不能为空" });
  });

  it("takes the first true condition branch; the other branch is SKIPPED without events and the join still runs", async () => {
    const branches = [
      {
        uuid: "pass",
        branchType: "IF",
        conditionType: "AND",
        conditionArgs: [
          {
            firstArg: ref("score", "1.score", "Integer"),
            compareType: "GREATER_THAN_OR_EQUAL",
            secondArg: lit("v", 60),
          },
        ],
        nextNodeIds: [4],
      },
      { uuid: "else", branchType: "ELSE", nextNodeIds: [5] },
    ];
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("score", "Integer")] }, [3]),
      wfNode(3, "Condition", { conditionBranchConfigs: branches }, [4, 5]),
      text(4, "及格：{{s}}", [ref("s", "1.score")], [2]),
      text(5, "不及格", [], [6]),
      text(6, "补考", [], [2]),
      wfNode(2, "End", { outputArgs: [ref("pass", "4.output"), ref("fail", "6.output")] }),
    ]);
    const passed = await drain(startWorkflow(graph, { params: { score: 75 } }));
    expect(passed.outcome.output).toEqual({ pass: "及格：75", fail: undefined });
    expect(passed.outcome.nodeStatus).toMatchObject({ 4: "FINISHED", 5: "SKIPPED", 6: "SKIPPED", 2: "FINISHED" });
    expect(trail(passed.events).filter((t) => t.startsWith("5:") || t.startsWith("6:"))).toEqual([]);

    const failed = await drain(startWorkflow(graph, { params: { score: "59" } }));
    expect(failed.outcome.output).toEqual({ pass: undefined, fail: "补考" });
    expect(failed.outcome.nodeStatus[4]).toBe("SKIPPED");
  });

  it("runs parallel branches concurrently and joins them once both finished", async () => {
    let started = 0;
    let release = () => {};
    const bothStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each plugin call waits until the other has started: run one after the other, this never finishes.
    const runPlugin = async (id: number, args: Record<string, unknown>) => {
      if (++started === 2) release();
      await bothStarted;
      return { value: `${id}:${args.x}` };
    };
    const graph = graphOf([
      wfNode(1, "Start", {}, [3, 4]),
      wfNode(3, "Plugin", { pluginId: 7, inputArgs: [lit("x", "左")], outputArgs: [param("value")] }, [2]),
      wfNode(4, "Plugin", { pluginId: 8, inputArgs: [lit("x", "右")], outputArgs: [param("value")] }, [2]),
      wfNode(2, "End", { outputArgs: [ref("left", "3.value"), ref("right", "4.value")] }),
    ]);
    const { events, outcome } = await drain(startWorkflow(graph, { services: { runPlugin } }));
    expect(outcome.output).toEqual({ left: "7:左", right: "8:右" });
    const order = trail(events);
    expect(order.indexOf("4:EXECUTING")).toBeLessThan(order.indexOf("3:FINISHED"));
    expect(order.filter((t) => t === "2:EXECUTING")).toHaveLength(1);
  });

  it("loops over an array with item, 0-based index and a loop variable, stopping at LoopBreak", async () => {
    const item = ref("item", "10-input.input_item");
    const stop = {
      uuid: "stop",
      branchType: "IF",
      conditionArgs: [{ firstArg: item, compareType: "EQUAL", secondArg: lit("v", "stop") }],
      nextNodeIds: [16],
    };
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("list", "Array_String")] }, [10]),
      ...loopNodes(
        10,
        {
          loopType: "ARRAY_LOOP",
          inputArgs: [ref("input", "1.list", "Array_String")],
          variableArgs: [lit("last", -1, "Integer")],
          outputArgs: [ref("texts", "14.output", "Array_String"), ref("last", "10-var.last", "Integer")],
        },
        [2],
        {
          firstIds: [13],
          inner: [
            wfNode(13, "Condition", {
              conditionBranchConfigs: [stop, { uuid: "go", branchType: "ELSE", nextNodeIds: [14] }],
            }),
            text(14, "{{i}}:{{item}}", [item, ref("i", "10-input.INDEX", "Integer")], [15]),
            wfNode(
              15,
              "Variable",
              { configType: "SET_VARIABLE", inputArgs: [ref("last", "10-input.INDEX", "Integer")] },
              [12],
            ),
            wfNode(16, "LoopBreak"),
          ],
        },
      ),
      wfNode(2, "End", { outputArgs: [ref("texts", "10.texts", "Array_String"), ref("last", "10.last", "Integer")] }),
    ]);
    const { events, outcome } = await drain(startWorkflow(graph, { params: { list: ["a", "b", "stop", "c"] } }));
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ texts: ["0:a", "1:b"], last: 1 });
    const breaks = events.filter((e) => e.type === "node" && e.nodeId === 16 && e.status === "FINISHED");
    expect(breaks.map((e) => (e.type === "node" ? e.result.loopIndex : null))).toEqual([[2]]);
    // One result per iteration the text node ran in, each with its iteration.
    const texts = events.filter((e) => e.type === "node" && e.nodeId === 14 && e.status === "FINISHED");
    expect(texts.map((e) => (e.type === "node" ? e.result.data : null))).toEqual([
      { output: "0:a" },
      { output: "1:b" },
    ]);
  });

  it("runs nested loops: inner items and indexes per outer iteration, outputs nested per iteration", async () => {
    const label = "{{o}}{{oi}}{{i}}{{ii}}";
    const inputs = [
      ref("o", "10-input.input_item"),
      ref("oi", "10-input.INDEX", "Integer"),
      ref("i", "20-input.input_item"),
      ref("ii", "20-input.INDEX", "Integer"),
    ];
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("outer", "Array_String"), param("inner", "Array_String")] }, [10]),
      wfNode(
        10,
        "Loop",
        { inputArgs: [ref("input", "1.outer", "Array_String")], outputArgs: [ref("all", "20.pairs", "Array_String")] },
        [2],
        { innerStartNodeId: 11, innerEndNodeId: 12 },
      ),
      wfNode(11, "LoopStart", {}, [20], { loopNodeId: 10 }),
      wfNode(12, "LoopEnd", {}, [], { loopNodeId: 10 }),
      wfNode(
        20,
        "Loop",
        {
          inputArgs: [ref("input", "1.inner", "Array_String")],
          outputArgs: [ref("pairs", "23.output", "Array_String")],
        },
        [12],
        { loopNodeId: 10, innerStartNodeId: 21, innerEndNodeId: 22 },
      ),
      wfNode(21, "LoopStart", {}, [23], { loopNodeId: 20 }),
      wfNode(22, "LoopEnd", {}, [], { loopNodeId: 20 }),
      wfNode(23, "TextProcessing", { textHandleType: "CONCAT", text: label, inputArgs: inputs }, [22], {
        loopNodeId: 20,
      }),
      wfNode(2, "End", { outputArgs: [ref("all", "10.all", "Array_String")] }),
    ]);
    const { events, outcome } = await drain(startWorkflow(graph, { params: { outer: ["x", "y"], inner: ["a", "b"] } }));
    expect(outcome.output).toEqual({
      all: [
        ["x0a0", "x0b1"],
        ["y1a0", "y1b1"],
      ],
    });
    const last = events.filter((e) => e.type === "node" && e.nodeId === 23 && e.status === "FINISHED").at(-1);
    expect(last?.type === "node" && last.result.loopIndex).toEqual([1, 1]);
  });

  it("repeats a count loop, skipping the rest of an iteration at LoopContinue", async () => {
    const skipOne = {
      uuid: "skip",
      branchType: "IF",
      conditionArgs: [
        { firstArg: ref("i", "20-input.INDEX", "Integer"), compareType: "EQUAL", secondArg: lit("v", 1, "Integer") },
      ],
      nextNodeIds: [25],
    };
    const graph = graphOf([
      wfNode(1, "Start", {}, [20]),
      ...loopNodes(
        20,
        { loopType: "SPECIFY_TIMES_LOOP", loopTimes: 4, outputArgs: [ref("seen", "24.output", "Array_String")] },
        [2],
        {
          firstIds: [23],
          inner: [
            wfNode(23, "Condition", {
              conditionBranchConfigs: [skipOne, { uuid: "e", branchType: "ELSE", nextNodeIds: [24] }],
            }),
            text(24, "第{{i}}次", [ref("i", "20-input.INDEX", "Integer")], [22]),
            wfNode(25, "LoopContinue"),
          ],
        },
      ),
      wfNode(2, "End", { outputArgs: [ref("seen", "20.seen", "Array_String")] }),
    ]);
    const { outcome } = await drain(startWorkflow(graph));
    expect(outcome.output).toEqual({ seen: ["第0次", "第2次", "第3次"] });
  });

  it("streams an Output node's text before the next node starts, and an End of type TEXT gives the answer", async () => {
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("who")] }, [3]),
      wfNode(3, "Output", { content: "正在处理 {{who}}…", outputArgs: [ref("who", "1.who")] }, [2]),
      wfNode(2, "End", { returnType: "TEXT", content: "完成：{{who}}", outputArgs: [ref("who", "1.who")] }),
    ]);
    const { events, outcome } = await drain(startWorkflow(graph, { params: { who: "报告" } }));
    const kinds = events.map((e) => (e.type === "node" ? `${e.nodeId}:${e.status}` : e.type));
    expect(kinds.indexOf("output")).toBeLessThan(kinds.indexOf("2:EXECUTING"));
    expect(events.find((e) => e.type === "output")).toMatchObject({ nodeId: 3, text: "正在处理 报告…" });
    expect(outcome).toMatchObject({ output: { who: "报告" }, outputContent: "完成：报告" });
    const final = frameOf(events.at(-1)!, "req-1", outcome.costTime);
    expect(final).toMatchObject({
      complete: true,
      success: true,
      code: "0000",
      requestId: "req-1",
      data: { who: "报告", outputContent: "完成：报告" },
    });
    expect(final?.nodeExecuteResultMap?.[3]?.data).toEqual({ output: "正在处理 报告…" });
  });

  it("stops a running workflow through its AbortSignal, even when a node ignores the signal", async () => {
    const controller = new AbortController();
    const graph = graphOf([
      wfNode(1, "Start", {}, [3]),
      wfNode(3, "Plugin", { pluginId: 1 }, [4]),
      text(4, "不该运行", [], [2]),
      wfNode(2, "End"),
    ]);
    const run = startWorkflow(graph, {
      signal: controller.signal,
      services: { runPlugin: () => new Promise(() => {}) },
    });
    const seen: string[] = [];
    for await (const event of run.events) {
      if (event.type !== "node") continue;
      seen.push(`${event.nodeId}:${event.status}`);
      if (event.nodeId === 3 && event.status === "EXECUTING") controller.abort();
    }
    const outcome = await run.done;
    expect(outcome).toMatchObject({ status: "CANCELLED", success: false, message: "运行已停止" });
    expect(seen).toEqual(["1:EXECUTING", "1:FINISHED", "3:EXECUTING", "3:FAILED"]);
    expect(outcome.nodeExecuteResultMap[3]?.error).toBe("运行已停止");
  });

  it("lets go of the caller's signal when the run ends", async () => {
    const controller = new AbortController();
    const graph = graphOf([wfNode(1, "Start", {}, [2]), wfNode(2, "End")]);
    const { outcome } = await drain(startWorkflow(graph, { signal: controller.signal }));
    expect(outcome.status).toBe("FINISHED");
    expect(getEventListeners(controller.signal, "abort")).toEqual([]);
  });

  it("ends a run past its wall-time limit, failing the node still running", async () => {
    const graph = graphOf([wfNode(1, "Start", {}, [3]), wfNode(3, "Plugin", { pluginId: 1 }, [2]), wfNode(2, "End")]);
    const run = startWorkflow(graph, { timeoutMs: 5, services: { runPlugin: () => new Promise(() => {}) } });
    const { outcome } = await drain(run);
    expect(outcome).toMatchObject({ status: "FAILED", message: "运行时间超过上限（0.005 秒），已停止" });
    expect(outcome.nodeExecuteResultMap[3]).toMatchObject({
      success: false,
      error: "运行时间超过上限（0.005 秒），已停止",
    });
  });

  it("ends a runaway loop at the step limit with a clear message", async () => {
    const graph = graphOf([
      wfNode(1, "Start", {}, [30]),
      ...loopNodes(30, { loopType: "INFINITE_LOOP" }, [2], { firstIds: [32], inner: [] }),
      wfNode(2, "End"),
    ]);
    const { outcome } = await drain(startWorkflow(graph, { maxSteps: 50 }));
    expect(outcome).toMatchObject({ status: "FAILED", message: "运行步数超过上限（50），已停止" });
  });
});
