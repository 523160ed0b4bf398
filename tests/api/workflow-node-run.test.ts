import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, type User } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { postSse } from "../support/sse";
import { addNode, type Frame, newWorkflow, ref, trail, updateNode } from "../support/workflows";

const NODE_EXECUTE = "/api/workflow/test/node/execute";

let s: TestServer;
let u: User;
let workflowId: number;
beforeAll(async () => {
  s = await startServer();
  u = await s.newUser();
  workflowId = await newWorkflow(s, u.token, await personalSpace(s, u.token));
});
afterAll(() => s.close());

const runNode = (token: string | null, body: Record<string, unknown>) =>
  postSse<Frame>(s.url, NODE_EXECUTE, { token, body });

describe("test/node/execute runs one node alone", () => {
  it("streams the node's own events; params stand in for its references; the final data is its output", async () => {
    const text = await addNode(s, u.token, workflowId, "TextProcessing");
    ok(
      await updateNode(s, u.token, "text", {
        nodeId: text.id,
        nodeConfig: { textHandleType: "CONCAT", text: "你好，{{who}}", inputArgs: [ref("who", "12345.name")] },
      }),
    );
    const run = await runNode(u.token, { nodeId: text.id, requestId: "node-1", params: { who: "小明" } });
    expect(run.status).toBe(200);
    expect(trail(run.events)).toEqual([`${text.id}:EXECUTING`, `${text.id}:FINISHED`]);
    expect(run.events.at(-1)).toMatchObject({
      complete: true,
      success: true,
      requestId: "node-1",
      data: { output: "你好，小明" },
    });
    expect(Object.keys(run.events.at(-1)!.nodeExecuteResultMap!)).toEqual([String(text.id)]);
  });

  it("refuses a node that cannot run alone before the stream, naming its kind", async () => {
    const condition = await addNode(s, u.token, workflowId, "Condition");
    const run = await runNode(u.token, { nodeId: condition.id, params: {} });
    expect(run.status).toBe(400);
    expect(run.envelope).toMatchObject({
      code: "0001",
      message: expect.stringContaining("「条件分支」节点不能单独试运行"),
    });
  });

  it("refuses an outsider (the node does not exist for them), a missing token and a bad body", async () => {
    const text = await addNode(s, u.token, workflowId, "TextProcessing");
    const stranger = await s.newUser();
    const outsider = await runNode(stranger.token, { nodeId: text.id, params: {} });
    expect(outsider.status).toBe(404);
    expect(outsider.envelope).toMatchObject({ code: "4040" });
    expect((await runNode(null, { nodeId: text.id })).status).toBe(401);
    const bad = await runNode(u.token, { nodeId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.envelope).toMatchObject({ code: "4000" });
  });
});
