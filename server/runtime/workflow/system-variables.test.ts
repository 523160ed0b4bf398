import { describe, expect, it } from "vitest";
import { startWorkflow } from "./executor";
import { drain, graphOf, param, ref, wfNode } from "./testing";
import { validateWorkflow } from "./validate";

/** Start(1) → TextProcessing(3) → End(2), both reading the Start node's system variables. */
const graph = graphOf([
  wfNode(1, "Start", { inputArgs: [param("city"), param("USER_LANG")] }, [3]),
  wfNode(
    3,
    "TextProcessing",
    {
      textHandleType: "CONCAT",
      text: "{{who}}（{{uid}}）在空间 {{space}} 查 {{city}}",
      inputArgs: [
        ref("who", "1.USER_NAME"),
        ref("uid", "1.SYS_USER_ID", "Integer"),
        ref("space", "1.SPACE_ID", "Integer"),
        ref("city", "1.city"),
      ],
    },
    [2],
  ),
  wfNode(2, "End", {
    outputArgs: [
      ref("text", "3.output"),
      ref("request", "1.REQUEST_ID"),
      ref("lang", "1.USER_LANG"),
      ref("conversation", "1.CONVERSATION_ID", "Integer"),
    ],
  }),
]);

describe("the Start node's system variables", () => {
  it("are references downstream nodes may use, resolved at run time; a parameter of the same name wins", async () => {
    expect(validateWorkflow(graph).filter((c) => !c.success)).toEqual([]);
    const { outcome } = await drain(
      startWorkflow(graph, {
        params: { city: "北京", USER_LANG: "en-US" },
        systemVariables: { USER_NAME: "小明", SYS_USER_ID: 7, SPACE_ID: 3, REQUEST_ID: "r-1", USER_LANG: "zh-CN" },
      }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({
      text: "小明（7）在空间 3 查 北京",
      request: "r-1",
      lang: "en-US",
      // Outside a chat there is no conversation: the reference is empty, not an error.
      conversation: null,
    });
  });

  it("are typed: one bound to an argument of another type is named by validation", () => {
    const nodes = graph.nodes.map((n) =>
      n.id === 2 ? { ...n, nodeConfig: { outputArgs: [ref("who", "1.SYS_USER_ID", "Object")] } } : n,
    );
    const failed = validateWorkflow(graphOf(nodes)).filter((c) => !c.success);
    expect(failed).toEqual([
      {
        nodeId: 2,
        success: false,
        messages: ["参数 who 的类型 Object 与引用的「Start1」的 SYS_USER_ID（Integer）不一致"],
      },
    ]);
  });
});
