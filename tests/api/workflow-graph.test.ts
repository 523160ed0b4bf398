import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, refused, type User } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import {
  addNode,
  branchingWorkflow,
  detail,
  historyOf,
  newWorkflow,
  ref,
  testRun,
  trail,
  updateNode,
  wire,
  workflowRow,
} from "../support/workflows";

let s: TestServer;
let u: User;
let spaceId: number;
beforeAll(async () => {
  s = await startServer();
  u = await s.newUser();
  spaceId = await personalSpace(s, u.token);
});
afterAll(() => s.close());

describe("editing one stored graph node by node", () => {
  it("creates a workflow with Start wired to End, ids made by the server", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const w = await detail(s, u.token, id);
    expect(w).toMatchObject({ id, spaceId, name: "旅行助手", publishStatus: "Developing", editVersion: 1 });
    expect(w.startNode).toMatchObject({ type: "Start", nextNodeIds: [w.endNode.id], workflowId: id });
    expect(w.endNode).toMatchObject({ type: "End", preNodes: [{ id: w.startNode.id, type: "Start" }] });
    expect(w.nodes.map((n: any) => n.type).sort()).toEqual(["End", "Start"]);
  });

  it("adds a Loop with its inner LoopStart/LoopEnd, nodes inside it, copies and deletes nodes", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const loop = await addNode(s, u.token, id, "Loop", { extension: { x: 10, y: 20 } });
    expect(loop.innerNodes.map((n: any) => n.type)).toEqual(["LoopStart", "LoopEnd"]);
    expect(loop.innerStartNodeId).toBe(loop.innerNodes[0].id);
    expect(loop.innerNodes[0]).toMatchObject({ loopNodeId: loop.id, nextNodeIds: [loop.innerEndNodeId] });
    const inner = await addNode(s, u.token, id, "TextProcessing", { loopNodeId: loop.id });
    expect(inner.loopNodeId).toBe(loop.id);
    refused(
      await s.call("/api/workflow/node/add", {
        token: u.token,
        body: { workflowId: id, type: "Code", loopNodeId: inner.id },
      }),
      "4000",
      "loopNodeId",
    );

    const copy = ok(await s.call(`/api/workflow/node/copy/${loop.id}`, { token: u.token, body: {} }));
    expect(copy).toMatchObject({ type: "Loop", name: "循环_副本", nextNodeIds: [] });
    expect(copy.innerNodes).toHaveLength(3);
    expect(copy.innerNodes.every((n: any) => n.loopNodeId === copy.id && n.id !== inner.id)).toBe(true);
    expect(copy.nodeConfig.extension).toMatchObject({ x: 50, y: 60 });

    const w = await detail(s, u.token, id);
    expect(w.nodes.filter((n: any) => n.type === "Loop")).toHaveLength(2);
    ok(await s.call(`/api/workflow/node/delete/${loop.id}`, { token: u.token, body: {} }));
    const row = (await workflowRow(s, id))!;
    expect(row.node_ids).not.toContain(inner.id);
    expect(row.node_ids).toHaveLength(2 + 4);
    refused(await s.call(`/api/workflow/node/${inner.id}`, { token: u.token }), "4040");
    refused(await s.call(`/api/workflow/node/delete/${w.startNode.id}`, { token: u.token, body: {} }), "0001");
    refused(await s.call(`/api/workflow/node/copy/${w.endNode.id}`, { token: u.token, body: {} }), "0001");
  });

  it("removes a deleted node from every edge, branch and exception handler list", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const { startNode, endNode } = await detail(s, u.token, id);
    const code = await addNode(s, u.token, id, "Code");
    const cond = await addNode(s, u.token, id, "Condition");
    ok(await wire(s, u.token, startNode.id, [code.id, endNode.id]));
    const handling = { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", exceptionHandleNodeIds: [cond.id] };
    ok(
      await updateNode(s, u.token, "code", {
        nodeId: code.id,
        nodeConfig: { ...code.nodeConfig, exceptionHandleConfig: handling },
      }),
    );
    const [yes, no] = cond.nodeConfig.conditionBranchConfigs;
    const branches = [
      { ...yes, nextNodeIds: [code.id] },
      { ...no, nextNodeIds: [endNode.id] },
    ];
    ok(
      await updateNode(s, u.token, "condition", { nodeId: cond.id, nodeConfig: { conditionBranchConfigs: branches } }),
    );
    // A branching node keeps the union of its branch targets in nextNodeIds.
    expect(ok(await s.call(`/api/workflow/node/${cond.id}`, { token: u.token })).nextNodeIds.sort()).toEqual(
      [code.id, endNode.id].sort(),
    );
    ok(await s.call(`/api/workflow/node/delete/${code.id}`, { token: u.token, body: {} }));
    const w = await detail(s, u.token, id);
    expect(w.startNode.nextNodeIds).toEqual([endNode.id]);
    const after = w.nodes.find((n: any) => n.id === cond.id);
    expect(after.nodeConfig.conditionBranchConfigs[0].nextNodeIds).toEqual([]);
  });

  it("refuses a config that breaks the node kind's schema, a wrong update path and edges to unknown nodes", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const { startNode } = await detail(s, u.token, id);
    const llm = await addNode(s, u.token, id, "LLM");
    refused(
      await updateNode(s, u.token, "llm", { nodeId: llm.id, nodeConfig: { temperature: 5 } }),
      "4000",
      "nodeConfig.temperature",
    );
    refused(await updateNode(s, u.token, "code", { nodeId: llm.id, nodeConfig: {} }), "4000", "nodeId");
    refused(await wire(s, u.token, startNode.id, [llm.id, 999_999]), "4000", "1");
    refused(await wire(s, u.token, llm.id, [llm.id]), "4000", "0");
    refused(
      await s.call(`/api/workflow/node/${startNode.id}/nextIds/update`, { token: u.token, body: { ids: [1] } }),
      "4000",
    );
  });
});

describe("what a node may reference", () => {
  it("lists upstream nodes, the same loop's nodes and every reference key with the loop's items and index", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const end = ok(await s.call(`/api/workflow/node/previous/${g.end}`, { token: u.token }));
    expect(end.previousNodes.map((n: any) => n.id).sort()).toEqual([g.start, g.llm, g.cond, g.text].sort());
    expect(end.innerPreviousNodes).toEqual([]);
    expect(end.argMap[`${g.start}.topic`]).toMatchObject({ name: "topic", dataType: "String" });
    expect(end.argMap[`${g.llm}.output`]).toMatchObject({ name: "output" });
    const llm = ok(await s.call(`/api/workflow/node/previous/${g.llm}`, { token: u.token }));
    expect(llm.previousNodes.map((n: any) => n.id)).toEqual([g.start]);

    const loop = await addNode(s, u.token, g.id, "Loop");
    ok(await wire(s, u.token, g.llm, [g.cond, loop.id]));
    const input = [ref("cities", `${g.start}.topic`, "Array_String")];
    ok(await updateNode(s, u.token, "loop", { nodeId: loop.id, nodeConfig: { ...loop.nodeConfig, inputArgs: input } }));
    const inner = await addNode(s, u.token, g.id, "TextProcessing", { loopNodeId: loop.id });
    ok(await wire(s, u.token, loop.innerStartNodeId, [inner.id]));
    const seen = ok(await s.call(`/api/workflow/node/previous/${inner.id}`, { token: u.token }));
    expect(seen.innerPreviousNodes.map((n: any) => n.id)).toEqual([loop.innerStartNodeId]);
    expect(seen.previousNodes.map((n: any) => n.id).sort()).toEqual([g.start, g.llm].sort());
    expect(seen.argMap[`${loop.id}-input.cities_item`]).toMatchObject({ dataType: "String" });
    expect(seen.argMap[`${loop.id}-input.INDEX`]).toMatchObject({ dataType: "Integer" });
  });
});

describe("the whole-graph save on the same stored graph", () => {
  it("saves the editor's graph, bumps editVersion and refuses a stale version unless forced", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const w = await detail(s, u.token, g.id);
    const nodes = w.nodes.map((n: any) => (n.id === g.text ? { ...n, name: "改名的兜底" } : n));
    const version = ok<number>(
      await s.call("/api/workflow/save", { token: u.token, body: { workflowConfig: { ...w, nodes } } }),
    );
    expect(version).toBe(w.editVersion + 1);
    const saved = await detail(s, u.token, g.id);
    expect(saved.nodes.find((n: any) => n.id === g.text).name).toBe("改名的兜底");
    expect(saved.nodes.find((n: any) => n.id === g.cond).nextNodeIds.sort()).toEqual([g.end, g.text].sort());

    // A per-node edit in between makes the editor's copy stale.
    ok(await wire(s, u.token, g.text, []));
    const stale = await s.call("/api/workflow/save", { token: u.token, body: { workflowConfig: saved } });
    refused({ ...stale, data: null }, "0001");
    expect(stale.message).toContain("已被其他人修改");
    expect(stale.data).toEqual({ editVersion: saved.editVersion + 1 });
    const forced = { ...saved, forceCommit: 1 };
    ok(await s.call("/api/workflow/save", { token: u.token, body: { workflowConfig: forced } }));
    expect((await detail(s, u.token, g.id)).nodes.find((n: any) => n.id === g.text).nextNodeIds).toEqual([g.end]);
  });

  it("autosaves every few seconds make one history entry per person per ten minutes, holding the last state", async () => {
    const id = await newWorkflow(s, u.token, spaceId, "自动保存");
    const save = async (name: string) => {
      const w = await detail(s, u.token, id);
      ok(await s.call("/api/workflow/save", { token: u.token, body: { workflowConfig: { ...w, name } } }));
    };
    for (const name of ["第一版", "第二版", "第三版"]) await save(name);
    let history = await historyOf(s, u.token, id);
    expect(history.map((h) => [h.type, h.description])).toEqual([
      ["Edit", "保存工作流"],
      ["Add", "创建工作流"],
    ]);
    expect(history[0].config.name).toBe("第三版");

    // Ten minutes after that entry began, the next save starts a new one; the old one keeps its state.
    await s.deps.db.execute(
      sql`update config_history set created = created - interval '11 minutes' where id = ${history[0].id}`,
    );
    await save("第四版");
    history = await historyOf(s, u.token, id);
    expect(history.map((h) => h.config.name)).toEqual(["第四版", "第三版", "自动保存"]);
    // Restoring the coalesced entry gives its last state.
    ok(await s.call(`/api/workflow/restore/${history[1].id}`, { token: u.token, body: {} }));
    expect((await detail(s, u.token, id)).name).toBe("第三版");
  });

  it("refuses nodes of other workflows, a removed Start and bad node configs, naming the field", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const other = await detail(s, u.token, await newWorkflow(s, u.token, spaceId));
    const w = await detail(s, u.token, g.id);
    const save = (workflowConfig: any) => s.call("/api/workflow/save", { token: u.token, body: { workflowConfig } });
    refused(await save({ ...w, nodes: [...w.nodes, other.endNode] }), "4000", "workflowConfig.nodes");
    const withoutStart = w.nodes.filter((n: any) => n.type !== "Start");
    refused(await save({ ...w, startNode: null, nodes: withoutStart }), "4000", "workflowConfig.nodes");
    const i = w.nodes.findIndex((n: any) => n.id === g.llm);
    const bad = w.nodes.map((n: any, j: number) => (j === i ? { ...n, nodeConfig: { ...n.nodeConfig, topP: 2 } } : n));
    const res = await save({ ...w, startNode: null, endNode: null, nodes: bad });
    refused(res, "4000", `workflowConfig.nodes.${i}.nodeConfig.topP`);
    refused(await save({ ...w, nodes: "x" }), "4000", "workflowConfig.nodes");
    expect((await workflowRow(s, g.id))?.edit_version).toBe(w.editVersion);
  });
});

describe("test run", () => {
  it("streams Start → LLM → Condition → End with node events, the ELSE branch not run", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const res = await testRun(s, u.token, { workflowId: g.id, requestId: "run-1", params: { topic: "长城" } });
    expect(res.status).toBe(200);
    expect(res.contentType).toContain("text/event-stream");
    const nodeTrail = trail(res.events);
    for (const id of [g.start, g.llm, g.cond, g.end]) {
      expect(nodeTrail).toContain(`${id}:EXECUTING`);
      expect(nodeTrail).toContain(`${id}:FINISHED`);
    }
    expect(nodeTrail.some((t) => t.startsWith(`${g.text}:`))).toBe(false);
    const llmDone = res.events.find((f) => f.data?.nodeId === g.llm && f.data.status === "FINISHED")!;
    expect(llmDone.data.result).toMatchObject({ nodeId: g.llm, success: true, input: { topic: "长城" } });
    const final = res.events.at(-1)!;
    expect(final).toMatchObject({ complete: true, success: true, code: "0000", requestId: "run-1" });
    expect(final.data.answer).toContain("介绍长城");
    expect(final.nodeExecuteResultMap?.[g.start]?.data).toMatchObject({ topic: "长城" });

    const other = await testRun(s, u.token, { workflowId: g.id, requestId: "run-2", params: { topic: "故宫" } });
    expect(trail(other.events)).toContain(`${g.text}:FINISHED`);
    expect(other.events.at(-1)).toMatchObject({ complete: true, success: true });
  });

  it("answers an invalid graph with one failed final frame carrying every node's messages", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const { startNode, endNode } = await detail(s, u.token, id);
    ok(
      await updateNode(s, u.token, "end", {
        nodeId: endNode.id,
        nodeConfig: {
          outputArgs: [{ name: "x", dataType: "String", bindValueType: "Reference", bindValue: "424242.output" }],
        },
      }),
    );
    ok(await wire(s, u.token, startNode.id, []));
    const res = await testRun(s, u.token, { workflowId: id, requestId: "bad", params: {} });
    expect(res.events).toHaveLength(1);
    expect(res.events[0]).toMatchObject({ complete: true, success: false, code: "0001" });
    const checks = res.events[0]!.data as { nodeId: number; success: boolean; messages: string[] }[];
    expect(checks.find((c) => c.nodeId === endNode.id)).toMatchObject({ success: false });
    const valid = ok<any[]>(await s.call(`/api/workflow/valid/${id}`, { token: u.token }));
    expect(valid.filter((c) => !c.success).map((c) => c.nodeId)).toEqual(
      checks.filter((c) => !c.success).map((c) => c.nodeId),
    );
  });
});
