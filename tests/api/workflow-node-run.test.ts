import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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

describe("DocumentExtraction run alone", () => {
  let files: Server;
  let base: string;
  beforeAll(async () => {
    // An outside site (127.0.0.1 is allowed by the test server's egress setting) serving a text file.
    files = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      res.end("外部文档的内容");
    });
    await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => files.close(r)));

  const extract = async (fileUrl: string) => {
    const node = await addNode(s, u.token, workflowId, "DocumentExtraction");
    expect(node.nodeConfig.inputArgs.map((a: any) => a.name)).toEqual(["fileUrl"]);
    const run = await runNode(u.token, { nodeId: node.id, params: { fileUrl } });
    return run.events.at(-1)!;
  };

  it("reads our own upload by its signed link, and an outside address through the egress guard", async () => {
    const form = new FormData();
    form.append("file", new File(["# 行程\n\n周六去西安"], "plan.md"));
    const res = await fetch(`${s.url}/api/file/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
      body: form,
    });
    const uploaded = ((await res.json()) as { data: { url: string } }).data;
    expect(await extract(uploaded.url)).toMatchObject({
      success: true,
      data: { output: expect.stringContaining("周六去西安") },
    });
    expect(await extract(`${base}/notes.txt`)).toMatchObject({ success: true, data: { output: "外部文档的内容" } });
  });

  it("fails with the reason for a forged signature and an address the egress guard refuses", async () => {
    const forged = await extract("/api/file/download/0123456789abcdef01234567.md?exp=9999999999&sig=x");
    expect(forged).toMatchObject({ success: false, message: expect.stringContaining("链接无效") });
    const internal = await extract("http://10.1.2.3/secret.txt");
    expect(internal).toMatchObject({ success: false });
    expect(internal.message).toContain("文档提取");
  });
});
