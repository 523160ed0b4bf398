import { describe, expect, it } from "vitest";
import { singleRunRefusal, startSingleNode } from "./single-node";
import { drain, lit, ref, trail, wfNode } from "./testing";

describe("a node run alone (test/node/execute)", () => {
  it("reads every reference from params by argument name, typed as declared; only its own events stream", async () => {
    const node = wfNode(
      7,
      "TextProcessing",
      {
        textHandleType: "CONCAT",
        text: "{{topic}}×{{n}}（第 {{i}} 次）",
        inputArgs: [ref("topic", "3.output"), ref("n", "1.n", "Integer"), ref("i", "9-input.INDEX", "Integer")],
      },
      [8],
      { loopNodeId: 9 },
    );
    const { events, outcome } = await drain(startSingleNode(node, { topic: "长城", n: "2", i: 0 }, {}));
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ output: "长城×2（第 0 次）" });
    expect(outcome.nodeExecuteResultMap[7]?.input).toEqual({ topic: "长城", n: 2, i: 0 });
    expect(Object.keys(outcome.nodeExecuteResultMap)).toEqual(["7"]);
    expect(trail(events)).toEqual(["7:EXECUTING", "7:FINISHED"]);
  });

  it("a failing node fails the run even when its exception flow would go on (the handlers are not there)", async () => {
    const node = wfNode(5, "HTTPRequest", {
      method: "GET",
      url: "{{u}}",
      inputArgs: [ref("u", "1.u")],
      exceptionHandleConfig: { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", exceptionHandleNodeIds: [6] },
    });
    const { outcome } = await drain(
      startSingleNode(node, { u: "http://10.0.0.1/secret" }, { services: { egress: { EGRESS_ALLOW: "" } } }),
    );
    expect(outcome.status).toBe("FAILED");
    expect(outcome.nodeExecuteResultMap[5]).toMatchObject({ success: false });
  });

  it("names the nodes that cannot run alone and passes the ones that can", () => {
    for (const type of ["Condition", "Loop", "QA", "Output", "Variable", "IntentRecognition", "End"] as const) {
      expect(singleRunRefusal(wfNode(3, type)), type).toContain("不能单独试运行");
    }
    for (const type of ["LLM", "Code", "HTTPRequest", "Plugin", "TextProcessing", "Workflow"] as const) {
      expect(singleRunRefusal(wfNode(3, type, { inputArgs: [lit("a", "1")] })), type).toBeNull();
    }
  });
});
