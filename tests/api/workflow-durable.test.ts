import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, type User } from "../support/agents";
import { eventually } from "../support/chat";
import { rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { openSse } from "../support/sse";
import {
  addNode,
  branchingWorkflow,
  detail,
  type Frame,
  newWorkflow,
  TEST_EXECUTE,
  testRun,
  updateNode,
  wire,
} from "../support/workflows";

let s: TestServer;
let u: User;
let spaceId: number;
/** Accepts requests and never answers: an HTTP node calling it runs until stopped. */
let hanging: Server;
let hangingUrl: string;
beforeAll(async () => {
  s = await startServer();
  u = await s.newUser();
  spaceId = await personalSpace(s, u.token);
  hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise((r) => hanging.close(r));
  await s.close();
});

async function runOf(workflowId: number, requestId: string) {
  const [row] = await rows<Record<string, any>>(
    s,
    sql`select * from workflow_run where workflow_id = ${workflowId} and request_id = ${requestId}`,
  );
  if (!row) throw new Error(`no workflow_run ${requestId}`);
  return row;
}
const nodeResults = (runId: number) =>
  rows<Record<string, any>>(s, sql`select * from workflow_node_result where run_id = ${runId} order by id`);

/** Start → HTTP GET to the server that never answers → End. */
async function hangingWorkflow() {
  const id = await newWorkflow(s, u.token, spaceId, "卡住的请求");
  const { startNode, endNode } = await detail(s, u.token, id);
  const http = await addNode(s, u.token, id, "HTTPRequest");
  ok(await updateNode(s, u.token, "http", { nodeId: http.id, nodeConfig: { ...http.nodeConfig, url: hangingUrl } }));
  ok(await wire(s, u.token, startNode.id, [http.id]));
  ok(await wire(s, u.token, http.id, [endNode.id]));
  return { id, http: http.id };
}

const stop = (token: string, requestId: string) => s.call(`/api/workflow/test/stop/${requestId}`, { token, body: {} });

describe("a test run is recorded in the database", () => {
  it("keeps the run with its params and outcome, and one result row per node that ran", async () => {
    const g = await branchingWorkflow(s, u.token, spaceId);
    const run = await testRun(s, u.token, { workflowId: g.id, requestId: "rec-1", params: { topic: "长城" } });
    expect(run.events.at(-1)).toMatchObject({ complete: true, success: true });
    const record = await runOf(g.id, "rec-1");
    expect(record).toMatchObject({ kind: "Workflow", status: "FINISHED", user_id: u.id, params: { topic: "长城" } });
    expect(record.output).toEqual(run.events.at(-1)!.data);
    const results = await nodeResults(record.id);
    // The ELSE branch (TextProcessing) was not taken: no row for it.
    expect(results.map((r) => [r.node_id, r.status])).toEqual([
      [g.start, "FINISHED"],
      [g.llm, "FINISHED"],
      [g.cond, "FINISHED"],
      [g.end, "FINISHED"],
    ]);
    expect(results[1]!.result).toMatchObject({ nodeId: g.llm, input: { topic: "长城" } });
  });
});

describe("stopping a running test run", () => {
  it("the stop endpoint ends it with 运行已停止 and marks it CANCELLED; others cannot stop it", async () => {
    const w = await hangingWorkflow();
    const stream = openSse<Frame>(s.url, TEST_EXECUTE, {
      token: u.token,
      body: { workflowId: w.id, requestId: "stop-1", params: {} },
    });
    await stream.waitFor((f) => f.data?.nodeId === w.http && f.data.status === "EXECUTING");
    const stranger = await s.newUser();
    expect(ok(await stop(stranger.token, "stop-1"))).toBe(false);
    expect(ok(await stop(u.token, "stop-1"))).toBe(true);
    await stream.done;
    expect(stream.events.at(-1)).toMatchObject({ complete: true, success: false, message: "运行已停止" });
    expect(stream.events.find((f) => f.data?.nodeId === w.http && f.data.status === "FAILED")).toBeTruthy();
    await eventually(async () => (await runOf(w.id, "stop-1")).status === "CANCELLED");
    // Nothing is running under that requestId any more.
    expect(ok(await stop(u.token, "stop-1"))).toBe(false);
  });

  it("closing the stream stops the run, as the original client's abort does", async () => {
    const w = await hangingWorkflow();
    const stream = openSse<Frame>(s.url, TEST_EXECUTE, {
      token: u.token,
      body: { workflowId: w.id, requestId: "gone-1", params: {} },
    });
    await stream.waitFor((f) => f.data?.nodeId === w.http && f.data.status === "EXECUTING");
    stream.abort();
    await eventually(async () => (await runOf(w.id, "gone-1")).status === "CANCELLED");
    const record = await runOf(w.id, "gone-1");
    expect((await nodeResults(record.id)).find((r) => r.node_id === w.http)).toMatchObject({
      status: "FAILED",
      result: { error: "运行已停止" },
    });
  });
});
