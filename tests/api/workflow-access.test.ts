import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpoints, pathOf } from "#contract/api";
import { ok, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { addNode, detail, historyOf, newWorkflow, TEST_EXECUTE, testRun, workflowRow } from "../support/workflows";

let s: TestServer;
let t: Team;
let workflowId: number;
let nodeId: number;
let historyId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  workflowId = await newWorkflow(s, t.member.token, t.spaceId);
  nodeId = (await addNode(s, t.member.token, workflowId, "TextProcessing")).id;
  historyId = (await historyOf(s, t.member.token, workflowId))[0].id;
});
afterAll(() => s.close());

interface Request {
  e: Endpoint;
  params?: Record<string, number>;
  body?: unknown;
}

/** Every enveloped workflow endpoint with a well-formed request aimed at the shared workflow. */
function requests(): Request[] {
  const w = endpoints.workflow as Record<string, Endpoint>;
  const node = { nodeId, name: "文本", nodeConfig: { textHandleType: "CONCAT", text: "x" } };
  return [
    { e: w.add!, body: { spaceId: t.spaceId, name: "新工作流" } },
    { e: w.get!, params: { workflowId } },
    { e: w.update!, body: { id: workflowId, name: "改名" } },
    { e: w.save!, body: { workflowConfig: { id: workflowId, nodes: [] } } },
    { e: w.delete!, params: { workflowId } },
    { e: w.copy!, params: { workflowId, targetSpaceId: t.spaceId } },
    { e: w.valid!, params: { workflowId } },
    { e: w.history!, params: { workflowId } },
    { e: w.restore!, params: { historyId } },
    { e: w.nodeList!, params: { workflowId } },
    { e: w.nodeAdd!, body: { workflowId, type: "Code" } },
    { e: w.nodeCopy!, params: { nodeId } },
    { e: w.nodeDelete!, params: { nodeId } },
    { e: w.nextIds!, params: { nodeId }, body: [] },
    { e: w.nodeUpdate_text!, body: node },
    { e: w.nodeUpdate_update!, body: node },
    { e: w.node!, params: { nodeId } },
    { e: w.previous!, params: { nodeId } },
    { e: w.published!, params: { workflowId } },
  ];
}

const send = (r: Request, token: string | null) =>
  s.call(pathOf(r.e, r.params), {
    method: r.e.method,
    token,
    body: r.e.method === "POST" ? (r.body ?? {}) : undefined,
  });

const state = async () => ({ row: await workflowRow(s, workflowId), workflows: await count(s, "workflow") });

describe("who may call the workflow endpoints", () => {
  it("refuses every endpoint without a token (4010), changing nothing", async () => {
    const before = await state();
    for (const r of requests()) refused(await send(r, null), "4010");
    expect(await state()).toEqual(before);
  });

  it("tells an outsider the workflow, node or space does not exist (4040), changing nothing", async () => {
    const before = await state();
    for (const r of requests()) {
      const res = await send(r, t.outsider.token);
      expect(res.code, `${r.e.method} ${r.e.path}: ${res.message}`).toBe("4040");
      expect(res.data).toBeNull();
    }
    expect(await state()).toEqual(before);
    expect(await historyOf(s, t.member.token, workflowId)).toHaveLength(2);
  });

  it("refuses test runs before the stream with HTTP errors carrying the envelope", async () => {
    const body = { workflowId, requestId: "r1", params: {} };
    const anonymous = await testRun(s, null, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.envelope).toMatchObject({ code: "4010", success: false });
    const outsider = await testRun(s, t.outsider.token, body);
    expect(outsider.status).toBe(404);
    expect(outsider.envelope).toMatchObject({ code: "4040" });
    const bad = await testRun(s, t.member.token, { workflowId, params: {} });
    expect(bad.status).toBe(400);
    expect(bad.envelope?.message).toContain("'requestId'");
    const noPause = await testRun(s, t.member.token, { ...body, answer: "好" });
    expect(noPause.status).toBe(400);
    expect(noPause.envelope?.message).toContain("'requestId'");
    expect(TEST_EXECUTE).toBe(endpoints.workflow.testExecute.path);
  });

  it("lets a plain member who did not create it read, run, edit and copy it, but not delete or publish it", async () => {
    const token = t.other.token;
    const info = await detail(s, token, workflowId);
    expect(info.permissions).toEqual(["Copy"]);
    ok(await s.call("/api/workflow/update", { token, body: { id: workflowId, description: "成员改的" } }));
    const added = await addNode(s, token, workflowId, "Output");
    expect((await historyOf(s, token, workflowId))[0]).toMatchObject({
      type: "AddNode",
      opUser: { userId: t.other.id },
    });
    ok(await s.call(`/api/workflow/node/delete/${added.id}`, { token, body: {} }));
    const copy = ok<number>(await s.call(`/api/workflow/copy/${workflowId}/${t.spaceId}`, { token, body: {} }));
    expect((await detail(s, token, copy)).creatorId).toBe(t.other.id);
    refused(await s.call(`/api/workflow/delete/${workflowId}`, { token, body: {} }), "4030");
    const apply = {
      targetType: "Workflow",
      targetId: workflowId,
      category: "Efficiency",
      items: [{ scope: "Space", spaceId: t.spaceId }],
    };
    refused(await s.call("/api/publish/apply", { token, body: apply }), "4030");
    expect(await workflowRow(s, workflowId)).toMatchObject({ publish_status: "Developing" });
    // The space's Admin may delete what a member made.
    ok(await s.call(`/api/workflow/delete/${copy}`, { token: t.admin.token, body: {} }));
  });

  it("refuses bad input with 4000 naming the field", async () => {
    const token = t.member.token;
    const post = (path: string, body: unknown) => s.call(path, { token, body });
    refused(await post("/api/workflow/add", { spaceId: t.spaceId, name: "" }), "4000", "name");
    refused(await post("/api/workflow/add", { name: "x" }), "4000", "spaceId");
    refused(await post("/api/workflow/update", { id: workflowId, icon: "javascript:alert(1)" }), "4000", "icon");
    refused(await post("/api/workflow/node/add", { workflowId, type: "Start" }), "4000", "type");
    refused(
      await post("/api/workflow/node/add", { workflowId, type: "LLM", extension: { x: "a", y: 0 } }),
      "4000",
      "extension.x",
    );
    refused(await post("/api/workflow/node/text/update", { nodeId, nodeConfig: "x" }), "4000", "nodeConfig");
    refused(
      await post("/api/workflow/save", { workflowConfig: { id: workflowId, nodes: [], forceCommit: 2 } }),
      "4000",
      "workflowConfig.forceCommit",
    );
    refused(await post(`/api/workflow/node/${nodeId}/nextIds/update`, ["a"]), "4000", "0");
    refused(await s.call("/api/workflow/abc", { token }), "4000", "workflowId");
    refused(await s.call("/api/workflow/node/abc", { token }), "4000", "nodeId");
    refused(await s.call("/api/workflow/add", { token }), "4050");
  });
});
