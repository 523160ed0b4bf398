import { describe, expect, it } from "vitest";
import { startWorkflow } from "../executor";
import { drain, graphOf, param, ref, wfNode } from "../testing";
import type { WorkflowGraph } from "../types";
import { validateWorkflow } from "../validate";

const concat = (id: number, template: string, inputs: ReturnType<typeof ref>[], next: number[]) =>
  wfNode(id, "TextProcessing", { textHandleType: "CONCAT", text: template, inputArgs: inputs }, next);

/** Start(q) → Workflow node calling `target` with q → End returning the sub-run's `answer`. */
const caller = (target: number) =>
  graphOf([
    wfNode(1, "Start", { inputArgs: [param("q")] }, [3]),
    wfNode(3, "Workflow", { workflowId: target, inputArgs: [ref("topic", "1.q")] }, [2]),
    wfNode(2, "End", { outputArgs: [ref("answer", "3.answer")] }),
  ]);

/** Start(topic) → Output → TextProcessing → End(TEXT) returning `answer`. */
const callee = graphOf([
  wfNode(1, "Start", { inputArgs: [param("topic", "String", true)] }, [4]),
  wfNode(4, "Output", { content: "正在查询{{t}}", outputArgs: [ref("t", "1.topic")] }, [3]),
  concat(3, "关于{{t}}的回答", [ref("t", "1.topic")], [2]),
  wfNode(2, "End", { returnType: "TEXT", content: "答：{{answer}}", outputArgs: [ref("answer", "3.output")] }),
]);

const loader = (graphs: Record<number, WorkflowGraph>) => ({
  loadWorkflow: (id: number) => {
    const graph = graphs[id];
    if (!graph) throw new Error(`工作流 ${id} 未发布`);
    return graph;
  },
});

describe("Workflow node (sub-workflow)", () => {
  it("runs the target with its inputs as Start parameters; its End outputs are the node's, its Output text streams out", async () => {
    const { events, outcome } = await drain(
      startWorkflow(caller(20), { params: { q: "长城" }, workflowId: 10, services: loader({ 20: callee }) }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ answer: "关于长城的回答" });
    expect(outcome.nodeExecuteResultMap[3]?.data).toEqual({
      answer: "关于长城的回答",
      outputContent: "答：关于长城的回答",
    });
    expect(events.filter((e) => e.type === "output").map((e) => e.type === "output" && e.text)).toEqual([
      "正在查询长城",
    ]);
    // The sub-run's nodes count against the caller's step guard.
    expect(outcome.steps).toBe(3 + 4);
  });

  it("validation names a missing target and a workflow calling itself", () => {
    const self = validateWorkflow(caller(10), 10).find((c) => c.nodeId === 3);
    expect(self).toMatchObject({ success: false, messages: ["工作流不能引用自身"] });
    const none = validateWorkflow(caller(0), 10).find((c) => c.nodeId === 3);
    expect(none?.messages).toEqual(["请选择工作流"]);
    expect(validateWorkflow(caller(20), 10).every((c) => c.success)).toBe(true);
  });

  it("refuses at run time a workflow reached again through a chain (A → B → A)", async () => {
    const { outcome } = await drain(
      startWorkflow(caller(20), {
        params: { q: "x" },
        workflowId: 10,
        services: loader({ 10: caller(20), 20: caller(10) }),
      }),
    );
    expect(outcome.status).toBe("FAILED");
    expect(outcome.message).toContain("循环引用");
  });

  it("stops nesting past the depth cap", async () => {
    // 1 → 2 → … → 9: every level a different workflow, so only the depth cap can stop it.
    const graphs = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [i + 1, caller(i + 2)]));
    const { outcome } = await drain(
      startWorkflow(graphs[1]!, { params: { q: "x" }, workflowId: 1, services: loader(graphs) }),
    );
    expect(outcome.status).toBe("FAILED");
    expect(outcome.message).toContain("嵌套超过 5 层");
  });

  it("a failing sub-run fails the node with its reason; the exception flow takes over", async () => {
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("q")] }, [3]),
      wfNode(
        3,
        "Workflow",
        {
          workflowId: 20,
          // `topic` is required by the target and left out.
          inputArgs: [],
          exceptionHandleConfig: { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", exceptionHandleNodeIds: [4] },
        },
        [2],
      ),
      concat(4, "失败：{{e}}", [ref("e", "3.ERROR_MESSAGE")], [2]),
      wfNode(2, "End", { outputArgs: [ref("answer", "3.answer"), ref("why", "4.output")] }),
    ]);
    const { outcome } = await drain(startWorkflow(graph, { params: { q: "x" }, services: loader({ 20: callee }) }));
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.nodeExecuteResultMap[3]).toMatchObject({
      success: false,
      error: expect.stringContaining("子工作流运行失败"),
    });
    expect(String(outcome.output?.why)).toContain("topic");
  });
});
