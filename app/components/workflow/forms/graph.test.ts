import { describe, expect, it } from "vitest";
import type { Arg } from "#contract/args";
import { type FormGraph, type FormNode, loopBodyOf, referenceLabel, referenceOptions, upstreamOf } from "./graph";

const out = (name: string, dataType = "String", subArgs?: Arg[]): Arg => ({ name, dataType, subArgs });
const node = (
  id: number,
  type: FormNode["type"],
  name: string,
  nodeConfig: Record<string, unknown> = {},
  next: number[] = [],
): FormNode => ({
  id,
  name,
  type,
  nodeConfig,
  nextNodeIds: next,
});

/**
 * Start(1) → Condition(2): IF → LLM(3) → End(9); ELSE → Code(4) → End.
 * Code(4) has an exception flow to Output(5); Output(6) dangles unconnected.
 */
function branchy(): FormGraph {
  return {
    startNode: node(1, "Start", "开始", { inputArgs: [out("query")] }, [2]),
    endNode: node(9, "End", "结束"),
    nodes: [
      node(1, "Start", "开始", { inputArgs: [out("query")] }, [2]),
      node(2, "Condition", "条件", {
        conditionBranchConfigs: [
          { uuid: "if", branchType: "IF", nextNodeIds: [3] },
          { uuid: "else", branchType: "ELSE", nextNodeIds: [4] },
        ],
      }),
      node(3, "LLM", "大模型", { outputArgs: [out("output")] }, [9]),
      node(
        4,
        "Code",
        "代码",
        {
          outputArgs: [out("result", "Object", [out("score", "Number")])],
          exceptionHandleConfig: { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", exceptionHandleNodeIds: [5] },
        },
        [9],
      ),
      node(5, "Output", "异常输出"),
      node(6, "Output", "孤立节点", {}, [9]),
      node(9, "End", "结束"),
    ],
  };
}

const ids = (g: FormGraph, id: number) => upstreamOf(g, id).map((u) => `${u.prefix}`);

describe("upstreamOf", () => {
  it("follows branch ports: each branch sees the condition and the start, not the other branch", () => {
    const g = branchy();
    expect(ids(g, 3)).toEqual(["2", "1"]);
    expect(ids(g, 4)).toEqual(["2", "1"]);
  });

  it("the end sees every node that reaches it, and nothing that does not", () => {
    expect(ids(branchy(), 9).sort()).toEqual(["1", "2", "3", "4", "6"]);
  });

  it("follows the exception port, and the failed node's ERROR_MESSAGE is offered", () => {
    const sources = upstreamOf(branchy(), 5);
    expect(sources.map((s) => s.id)).toEqual([4, 2, 1]);
    expect(sources[0]!.outputArgs.map((a) => a.name)).toEqual(["result", "ERROR_MESSAGE"]);
  });

  it("the Start node offers its parameters, then the system variables no parameter shadows", () => {
    const g = branchy();
    const start = { ...g.startNode!, nodeConfig: { inputArgs: [out("query"), out("USER_LANG", "Object")] } };
    g.startNode = start;
    g.nodes = g.nodes.map((n) => (n.id === 1 ? start : n));
    const options = referenceOptions(upstreamOf(g, 3)).filter((o) => o.key.startsWith("1."));
    expect(options.slice(0, 3).map((o) => o.label)).toEqual(["开始 - query", "开始 - USER_LANG", "开始 - SYS_USER_ID"]);
    expect(options.map((o) => o.label)).toEqual(
      expect.arrayContaining([
        "开始 - USER_NAME",
        "开始 - CONVERSATION_ID",
        "开始 - AGENT_USER_MSG",
        "开始 - SPACE_ID",
      ]),
    );
    expect(options.find((o) => o.key === "1.SYS_USER_ID")?.dataType).toBe("Integer");
    expect(options.filter((o) => o.key === "1.USER_LANG")).toEqual([
      { key: "1.USER_LANG", label: "开始 - USER_LANG", dataType: "Object", name: "USER_LANG" },
    ]);
  });

  it("a node with no incoming edge has no upstream; an unknown id neither", () => {
    expect(upstreamOf(branchy(), 1)).toEqual([]);
    expect(upstreamOf(branchy(), 404)).toEqual([]);
  });

  it("QA options count as edges only for SELECT answers", () => {
    const qa = (answerType: string) => ({
      nodes: [
        node(1, "QA", "问答", { answerType, options: [{ uuid: "a", nextNodeIds: [2] }] }),
        node(2, "LLM", "大模型"),
      ],
    });
    expect(ids(qa("SELECT"), 2)).toEqual(["1"]);
    expect(ids(qa("TEXT"), 2)).toEqual([]);
  });
});

/** Start(1) → LLM(2) → Loop(3) → End(9); the loop body, nested: LoopStart(30) → Code(31) → Code(32) → LoopEnd(39). */
function loopy(): FormGraph {
  const loop: FormNode = {
    ...node(
      3,
      "Loop",
      "循环",
      { inputArgs: [out("list", "Array_Object", [out("id", "Integer")])], variableArgs: [out("total", "Integer")] },
      [9],
    ),
    innerStartNodeId: 30,
    innerEndNodeId: 39,
    innerNodes: [
      node(30, "LoopStart", "循环开始", {}, [31]),
      node(31, "Code", "第一步", { outputArgs: [out("a")] }, [32]),
      node(32, "Code", "第二步", { outputArgs: [out("b")] }, [39]),
      node(39, "LoopEnd", "循环结束"),
    ],
  };
  return {
    nodes: [
      node(1, "Start", "开始", { inputArgs: [out("q")] }, [2]),
      node(2, "LLM", "大模型", {}, [3]),
      loop,
      node(9, "End", "结束"),
    ],
  };
}

describe("upstreamOf inside loops", () => {
  it("a body node sees its body predecessors, the loop's item, index and variables, then what precedes the loop", () => {
    const sources = upstreamOf(loopy(), 32);
    expect(sources.map((s) => s.prefix)).toEqual(["31", "30", "3-input", "3-var", "2", "1"]);
    const keys = referenceOptions(sources).map((o) => o.key);
    expect(keys).toContain("3-input.list_item");
    expect(keys).toContain("3-input.list_item.id");
    expect(keys).toContain("3-input.INDEX");
    expect(keys).toContain("3-var.total");
    expect(keys).not.toContain("32.b");
  });

  it("the loop item has the array's item type; the loop itself is no node source inside its body", () => {
    const options = referenceOptions(upstreamOf(loopy(), 31));
    expect(options.find((o) => o.key === "3-input.list_item")?.dataType).toBe("Object");
    expect(options.some((o) => o.key.startsWith("3."))).toBe(false);
  });

  it("nodes after the loop see the loop's outputs but not its body", () => {
    expect(ids(loopy(), 9)).toEqual(["3", "2", "1"]);
  });

  it("flat children with loopNodeId work as nested ones do", () => {
    const g = loopy();
    const loop = g.nodes[2]!;
    const flat: FormGraph = {
      nodes: [
        ...g.nodes.map((n) => ({ ...n, innerNodes: null })),
        ...(loop.innerNodes ?? []).map((n) => ({ ...n, loopNodeId: 3 })),
      ],
    };
    expect(ids(flat, 32)).toEqual(ids(g, 32));
  });

  it("a loop's outputs may collect its body nodes and variables", () => {
    expect(loopBodyOf(loopy(), 3).map((s) => s.prefix)).toEqual(["3-var", "31", "32"]);
  });
});

describe("referenceOptions", () => {
  it("labels as 节点名 - 参数名 with nested paths, array children typed as arrays", () => {
    const options = referenceOptions([
      {
        id: 4,
        name: "代码",
        type: "Code",
        scope: "node",
        prefix: "4",
        outputArgs: [out("rows", "Array_Object", [out("id", "Integer")])],
      },
    ]);
    expect(options).toEqual([
      { key: "4.rows", label: "代码 - rows", dataType: "Array_Object", name: "rows" },
      { key: "4.rows.id", label: "代码 - rows.id", dataType: "Array_Integer", name: "id" },
    ]);
    expect(referenceLabel(options, "4.rows.id")).toBe("代码 - rows.id");
    expect(referenceLabel(options, "5.gone")).toBeNull();
  });
});
