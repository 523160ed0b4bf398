import { describe, expect, it } from "vitest";
import {
  connect,
  connectProblem,
  disconnect,
  edgesOf,
  type Graph,
  type GraphNode,
  insertOnEdge,
  moveNodes,
  portsOf,
  readingOrder,
  removeNodes,
  saveBody,
} from "./graph";

const node = (id: number, type: GraphNode["type"], extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  name: `${type}${id}`,
  description: "",
  type,
  nodeConfig: {},
  nextNodeIds: [],
  loopNodeId: null,
  typeId: null,
  ...extra,
});

/** Start → Condition(IF → LLM, ELSE → End); LLM → Loop → End; Loop body: LoopStart → Code → LoopEnd. */
function sample(): Graph {
  return {
    startNodeId: 1,
    endNodeId: 2,
    nodes: [
      node(1, "Start", { nextNodeIds: [3] }),
      node(2, "End"),
      node(3, "Condition", {
        nextNodeIds: [4, 2],
        nodeConfig: {
          conditionBranchConfigs: [
            { uuid: "if", branchType: "IF", nextNodeIds: [4] },
            { uuid: "else", branchType: "ELSE", nextNodeIds: [2] },
          ],
        },
      }),
      node(4, "LLM", {
        nextNodeIds: [5],
        nodeConfig: {
          exceptionHandleConfig: { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", exceptionHandleNodeIds: [2] },
        },
      }),
      node(5, "Loop", { nextNodeIds: [2], innerStartNodeId: 6, innerEndNodeId: 7 }),
      node(6, "LoopStart", { loopNodeId: 5, nextNodeIds: [8] }),
      node(7, "LoopEnd", { loopNodeId: 5 }),
      node(8, "Code", { loopNodeId: 5, nextNodeIds: [7, 2] }),
    ],
  };
}

describe("workflow graph", () => {
  it("derives edges from next ids, branches and the exception flow with the original port ids", () => {
    const ids = edgesOf(sample()).map((e) => `${e.sourceHandle}>${e.targetHandle}`);
    expect(ids).toEqual([
      "1-out>3-in",
      "3-if-out>4-in",
      "3-else-out>2-in",
      "4-out>5-in",
      "4-exception-out>2-in",
      "5-out>2-in",
      "6-out>8-in",
      // 8 → 2 crosses the loop boundary and is not drawn.
      "8-out>7-in",
    ]);
    expect(edgesOf(sample()).find((e) => e.source === 6)?.deletable).toBe(false);
  });

  it("draws QA options only for SELECT answers and no output port on End", () => {
    const qa = node(9, "QA", { nodeConfig: { answerType: "SELECT", options: [{ uuid: "a", content: "是" }] } });
    expect(portsOf(qa).map((p) => [p.id, p.label])).toEqual([["9-a-out", "A. 是"]]);
    expect(portsOf({ ...qa, nodeConfig: { answerType: "TEXT" } }).map((p) => p.id)).toEqual(["9-out"]);
    expect(portsOf(node(2, "End"))).toEqual([]);
  });

  it("connects a branch into its own list and keeps nextNodeIds the union", () => {
    const g = connect(sample(), 3, "3-else-out", 4);
    const cond = g.nodes.find((n) => n.id === 3)!;
    const branches = cond.nodeConfig.conditionBranchConfigs as { uuid: string; nextNodeIds: number[] }[];
    expect(branches[1]!.nextNodeIds).toEqual([2, 4]);
    expect(cond.nextNodeIds.sort()).toEqual([2, 4]);
  });

  it("refuses connections across loop scopes, into Start and onto itself", () => {
    expect(connectProblem(sample(), 4, "4-out", 8)).toBe("循环内外的节点不能直接相连");
    expect(connectProblem(sample(), 4, "4-out", 1)).toBe("开始节点没有输入端口");
    expect(connectProblem(sample(), 4, "4-out", 4)).toBe("不能连接到自身");
    expect(connect(sample(), 4, "4-out", 8)).toEqual(sample());
  });

  it("disconnects an exception edge and inserts a node on an edge", () => {
    const g = disconnect(sample(), { source: 4, sourceHandle: "4-exception-out", target: 2 });
    expect(
      (g.nodes.find((n) => n.id === 4)!.nodeConfig.exceptionHandleConfig as { exceptionHandleNodeIds: number[] })
        .exceptionHandleNodeIds,
    ).toEqual([]);
    const edge = edgesOf(sample()).find((e) => e.id === "1-out->3")!;
    const inserted = insertOnEdge(sample(), edge, node(10, "TextProcessing"));
    expect(inserted.nodes.find((n) => n.id === 1)!.nextNodeIds).toEqual([10]);
    expect(inserted.nodes.find((n) => n.id === 10)!.nextNodeIds).toEqual([3]);
  });

  it("removes a loop with its body and every edge into it, never Start or End", () => {
    const g = removeNodes(sample(), [5, 1, 2]);
    expect(g.nodes.map((n) => n.id)).toEqual([1, 2, 3, 4]);
    expect(g.nodes.find((n) => n.id === 4)!.nextNodeIds).toEqual([]);
    const untouched = sample();
    expect(removeNodes(untouched, [1, 2, 6])).toBe(untouched);
  });

  it("moves nodes by rounding positions into nodeConfig.extension and keeps unmoved nodes", () => {
    const before = sample();
    const g = moveNodes(before, new Map([[4, { x: 10.4, y: 20.6 }]]));
    expect(g.nodes.find((n) => n.id === 4)!.nodeConfig.extension).toEqual({ x: 10, y: 21 });
    expect(g.nodes[0]).toBe(before.nodes[0]);
  });

  it("lists nodes in reading order with End last, and builds the save body", () => {
    expect(readingOrder(sample()).map((n) => n.id)).toEqual([1, 3, 4, 5, 2]);
    expect(readingOrder(sample(), 5).map((n) => n.id)).toEqual([6, 8, 7]);
    const body = saveBody(sample(), { id: 7, editVersion: 3, force: true });
    expect(body.workflowConfig).toMatchObject({ id: 7, editVersion: 3, forceCommit: 1 });
    expect(body.workflowConfig.startNode?.id).toBe(1);
    expect(body.workflowConfig.nodes.map((n) => n.id)).toEqual([3, 4, 5, 6, 7, 8]);
  });
});
