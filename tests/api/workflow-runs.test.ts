import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, refused, type User } from "../support/agents";
import { count, rows } from "../support/helpers";
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

/** Start → QA (free text) → End returning the answer. */
async function qaWorkflow() {
  const id = await newWorkflow(s, u.token, spaceId, "问名字");
  const { startNode, endNode } = await detail(s, u.token, id);
  const qa = await addNode(s, u.token, id, "QA");
  ok(
    await updateNode(s, u.token, "qa", { nodeId: qa.id, nodeConfig: { ...qa.nodeConfig, question: "你叫什么名字？" } }),
  );
  ok(
    await updateNode(s, u.token, "end", {
      nodeId: endNode.id,
      nodeConfig: { outputArgs: [ref("name", `${qa.id}.USER_RESPONSE`)] },
    }),
  );
  ok(await wire(s, u.token, startNode.id, [qa.id]));
  ok(await wire(s, u.token, qa.id, [endNode.id]));
  return { id, qa: qa.id, end: endNode.id };
}

const pausedRuns = (workflowId: number) => count(s, "workflow_paused_run", sql`workflow_id = ${workflowId}`);

describe("a QA node pauses the test run and the answer resumes it", () => {
  it("ends the stream with STOP_WAIT_ANSWER, stores the state, and the same requestId plus answer finishes it", async () => {
    const w = await qaWorkflow();
    const body = { workflowId: w.id, requestId: "qa-1", params: {} };
    const first = await testRun(s, u.token, body);
    const last = first.events.at(-1)!;
    expect(last).toMatchObject({ complete: false, data: { nodeId: w.qa, status: "STOP_WAIT_ANSWER" } });
    expect(JSON.stringify(last.data.result.data)).toContain("你叫什么名字？");
    expect(first.events.some((f) => f.complete)).toBe(false);
    expect(await pausedRuns(w.id)).toBe(1);

    const second = await testRun(s, u.token, { ...body, answer: "小明" });
    expect(trail(second.events)).toContain(`${w.end}:FINISHED`);
    expect(second.events.at(-1)).toMatchObject({ complete: true, success: true, data: { name: "小明" } });
    expect(await pausedRuns(w.id)).toBe(0);
    // The pause was used up: answering again is refused before the stream.
    const again = await testRun(s, u.token, { ...body, answer: "小红" });
    expect(again.status).toBe(400);
    expect(again.envelope).toMatchObject({ code: "4000" });
  });

  it("refuses an outsider's answer to a paused run, leaving the pause in place", async () => {
    const w = await qaWorkflow();
    await testRun(s, u.token, { workflowId: w.id, requestId: "mine", params: {} });
    const stranger = await s.newUser();
    const res = await testRun(s, stranger.token, { workflowId: w.id, requestId: "mine", answer: "我" });
    expect(res.status).toBe(404);
    expect(await pausedRuns(w.id)).toBe(1);
  });
});

describe("history, copy and publishing", () => {
  it("records each change and restores an earlier graph as a new entry", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const llm = await addNode(s, u.token, id, "LLM");
    const history = await historyOf(s, u.token, id);
    expect(history.map((h) => h.type)).toEqual(["AddNode", "Add"]);
    ok(await s.call(`/api/workflow/restore/${history[1].id}`, { token: u.token, body: {} }));
    const restored = await detail(s, u.token, id);
    expect(restored.nodes.some((n: any) => n.id === llm.id)).toBe(false);
    refused(await s.call(`/api/workflow/node/${llm.id}`, { token: u.token }), "4040");
    expect((await historyOf(s, u.token, id))[0]).toMatchObject({
      type: "Edit",
      description: expect.stringContaining("恢复到"),
    });
  });

  it("copies with new node ids and references rewritten to the copies", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const copyId = ok<number>(await s.call(`/api/workflow/copy/${g.id}/${spaceId}`, { token: u.token, body: {} }));
    const copy = await detail(s, u.token, copyId);
    expect(copy.name).toBe("旅行助手副本");
    const ids = copy.nodes.map((n: any) => n.id);
    for (const old of [g.start, g.end, g.llm, g.cond, g.text]) expect(ids).not.toContain(old);
    const llm = copy.nodes.find((n: any) => n.type === "LLM");
    expect(copy.startNode.nextNodeIds).toEqual([llm.id]);
    expect(llm.nodeConfig.inputArgs[0].bindValue).toBe(`${copy.startNode.id}.topic`);
    const run = await testRun(s, u.token, { workflowId: copyId, requestId: "copy", params: { topic: "长城" } });
    expect(run.events.at(-1)).toMatchObject({ complete: true, success: true });
  });

  it("publishes to the space through /api/publish/apply, lists it as a component, refuses an invalid graph", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const apply = (targetId: number) =>
      s.call("/api/publish/apply", {
        token: u.token,
        body: { targetType: "Workflow", targetId, category: "Efficiency", items: [{ scope: "Space", spaceId }] },
      });
    ok(await apply(g.id));
    const live = await rows<Record<string, any>>(
      s,
      sql`select * from published where target_type = 'Workflow' and target_id = ${g.id}`,
    );
    expect(live).toHaveLength(1);
    expect(live[0]!.config.graph.nodes).toHaveLength(5);
    expect((await detail(s, u.token, g.id)).publishStatus).toBe("Published");
    const components = ok<any[]>(await s.call(`/api/component/list/${spaceId}`, { token: u.token }));
    expect(components.find((c) => c.type === "Workflow" && c.id === g.id)).toMatchObject({
      publishStatus: "Published",
    });

    const broken = await newWorkflow(s, u.token, spaceId, "坏的");
    const { startNode } = await detail(s, u.token, broken);
    ok(await wire(s, u.token, startNode.id, []));
    const res = await apply(broken);
    refused(res, "0001");
    expect(res.message).toContain("校验未通过");
  });

  it("shows a tenant publication in the workflow square with its arguments, and copies it as a template", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const items = [{ scope: "Tenant", allowCopy: 1 }];
    ok(
      await s.call("/api/publish/apply", {
        token: u.token,
        body: { targetType: "Workflow", targetId: g.id, category: "Efficiency", items },
      }),
    );
    const page = ok(await s.call("/api/published/workflow/list", { body: { page: 1, pageSize: 100 } }));
    expect(page.records.find((r: any) => r.targetId === g.id)).toMatchObject({ targetType: "Workflow", allowCopy: 1 });
    const reader = await s.newUser();
    const info = ok(await s.call(`/api/published/workflow/${g.id}`, { token: reader.token }));
    expect(info.inputArgs.map((a: any) => a.name)).toEqual(["topic"]);
    expect(info.outputArgs.map((a: any) => a.name)).toEqual(["answer"]);
    refused(await s.call(`/api/published/workflow/${g.id}`), "4010");
    const target = await personalSpace(s, reader.token);
    const body = { targetType: "Workflow", targetId: g.id, targetSpaceId: target };
    const copyId = ok<number>(await s.call("/api/publish/template/copy", { token: reader.token, body }));
    const copy = await detail(s, reader.token, copyId);
    expect(copy).toMatchObject({ spaceId: target, creatorId: reader.id, publishStatus: "Developing" });
    expect(copy.nodes.map((n: any) => n.id)).not.toContain(g.llm);
  });
});
