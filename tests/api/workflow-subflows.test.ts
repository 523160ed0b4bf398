import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, type User } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { addNode, detail, newWorkflow, param, ref, testRun, updateNode, wire } from "../support/workflows";

let s: TestServer;
let u: User;
let spaceId: number;
beforeAll(async () => {
  s = await startServer();
  u = await s.newUser();
  spaceId = await personalSpace(s, u.token);
});
afterAll(() => s.close());

/** Start(topic) → TextProcessing rendering `template` → End returning it as `answer`. */
async function callee(token: string, space: number, template: string) {
  const id = await newWorkflow(s, token, space, "讲解");
  const { startNode, endNode } = await detail(s, token, id);
  const text = await addNode(s, token, id, "TextProcessing");
  ok(await updateNode(s, token, "update", { nodeId: startNode.id, nodeConfig: { inputArgs: [param("topic")] } }));
  await setTemplate(token, text.id, startNode.id, template);
  ok(
    await updateNode(s, token, "end", {
      nodeId: endNode.id,
      nodeConfig: { outputArgs: [ref("answer", `${text.id}.output`)] },
    }),
  );
  ok(await wire(s, token, startNode.id, [text.id]));
  ok(await wire(s, token, text.id, [endNode.id]));
  return { id, text: text.id, start: startNode.id };
}

const setTemplate = async (token: string, nodeId: number, startId: number, template: string) =>
  ok(
    await updateNode(s, token, "text", {
      nodeId,
      nodeConfig: { textHandleType: "CONCAT", text: template, inputArgs: [ref("topic", `${startId}.topic`)] },
    }),
  );

/** Start(q) → Workflow node calling `target` → End returning the sub-run's `answer`. */
async function caller(token: string, space: number, target: number) {
  const id = await newWorkflow(s, token, space, "调用者");
  const { startNode, endNode } = await detail(s, token, id);
  const node = await addNode(s, token, id, "Workflow", { typeId: target });
  expect(node.nodeConfig.workflowId).toBe(target);
  ok(await updateNode(s, token, "update", { nodeId: startNode.id, nodeConfig: { inputArgs: [param("q")] } }));
  ok(
    await updateNode(s, token, "workflow", {
      nodeId: node.id,
      nodeConfig: { ...node.nodeConfig, inputArgs: [ref("topic", `${startNode.id}.q`)] },
    }),
  );
  ok(
    await updateNode(s, token, "end", {
      nodeId: endNode.id,
      nodeConfig: { outputArgs: [ref("answer", `${node.id}.answer`)] },
    }),
  );
  ok(await wire(s, token, startNode.id, [node.id]));
  ok(await wire(s, token, node.id, [endNode.id]));
  return { id, node: node.id };
}

const publishTenantWide = async (token: string, targetId: number) =>
  ok(
    await s.call("/api/publish/apply", {
      token,
      body: { targetType: "Workflow", targetId, category: "Efficiency", items: [{ scope: "Tenant" }] },
    }),
  );

describe("Workflow node (sub-workflow) through the API", () => {
  it("a test run uses the target's draft for its editor and its publication for everyone else", async () => {
    const b = await callee(u.token, spaceId, "版本一：{{topic}}");
    const a = await caller(u.token, spaceId, b.id);
    const mine = await testRun(s, u.token, { workflowId: a.id, requestId: "sub-1", params: { q: "长城" } });
    expect(mine.events.at(-1)).toMatchObject({ complete: true, success: true, data: { answer: "版本一：长城" } });

    await publishTenantWide(u.token, b.id);
    await setTemplate(u.token, b.text, b.start, "版本二：{{topic}}");
    const draft = await testRun(s, u.token, { workflowId: a.id, requestId: "sub-2", params: { q: "长城" } });
    expect(draft.events.at(-1)).toMatchObject({ success: true, data: { answer: "版本二：长城" } });

    // Someone who may not edit the target runs what is published.
    const other = await s.newUser();
    const otherSpace = await personalSpace(s, other.token);
    const theirs = await caller(other.token, otherSpace, b.id);
    const run = await testRun(s, other.token, { workflowId: theirs.id, requestId: "sub-3", params: { q: "故宫" } });
    expect(run.events.at(-1)).toMatchObject({ success: true, data: { answer: "版本一：故宫" } });
  });

  it("an unpublished target someone else owns fails the node with a clear message", async () => {
    const b = await callee(u.token, spaceId, "{{topic}}");
    const other = await s.newUser();
    const theirs = await caller(other.token, await personalSpace(s, other.token), b.id);
    const run = await testRun(s, other.token, { workflowId: theirs.id, requestId: "sub-4", params: { q: "x" } });
    expect(run.events.at(-1)).toMatchObject({ complete: true, success: false });
    expect(run.events.at(-1)!.message).toContain("未发布或当前空间不可用");
  });

  it("validation names a workflow calling itself directly or through another; the run refuses the chain too", async () => {
    const b = await callee(u.token, spaceId, "{{topic}}");
    const a = await caller(u.token, spaceId, b.id);
    // B now calls A: A → B → A.
    const back = await addNode(s, u.token, b.id, "Workflow", { typeId: a.id });
    ok(await wire(s, u.token, b.text, [back.id]));
    ok(await wire(s, u.token, back.id, [(await detail(s, u.token, b.id)).endNode.id]));
    const checks = ok<any[]>(await s.call(`/api/workflow/valid/${a.id}`, { token: u.token }));
    expect(checks.find((c) => c.nodeId === a.node)).toMatchObject({
      success: false,
      messages: [expect.stringContaining("循环引用")],
    });
    const run = await testRun(s, u.token, { workflowId: a.id, requestId: "sub-5", params: { q: "x" } });
    expect(run.events.at(-1)).toMatchObject({ complete: true, success: false });
    expect(JSON.stringify(run.events.at(-1))).toContain("循环引用");

    const self = await addNode(s, u.token, a.id, "Workflow", { typeId: a.id });
    const again = ok<any[]>(await s.call(`/api/workflow/valid/${a.id}`, { token: u.token }));
    expect(again.find((c) => c.nodeId === self.id)?.messages).toContain("工作流不能引用自身");
  });
});
