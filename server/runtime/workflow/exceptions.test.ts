import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkflow } from "./executor";
import { drain, graphOf, param, ref, trail, wfNode } from "./testing";

/** A real HTTP server on loopback: /fail answers 500 and counts the attempts, /ok answers JSON. */
let server: http.Server;
let base = "";
const hits: Record<string, number> = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === "/ok") {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ city: "杭州", echo: body ? JSON.parse(body) : null, q: req.url }));
      });
      return;
    }
    res.statusCode = 500;
    res.end("服务器出错");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const egress = { EGRESS_ALLOW: "127.0.0.1" };

/** Start → HTTP → text → End; with an exception flow, the HTTP node's handler 5 → End as well. */
function failing(path: string, handling: Record<string, unknown>) {
  const flow = handling.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW";
  const handler = wfNode(
    5,
    "TextProcessing",
    { textHandleType: "CONCAT", text: "处理：{{e}}", inputArgs: [ref("e", "3.ERROR_MESSAGE")] },
    [2],
  );
  return graphOf([
    wfNode(1, "Start", {}, [3]),
    wfNode(3, "HTTPRequest", { method: "GET", url: `${base}${path}`, exceptionHandleConfig: handling }, [4]),
    wfNode(4, "TextProcessing", { textHandleType: "CONCAT", text: "正常" }, [2]),
    ...(flow ? [handler] : []),
    wfNode(2, "End", {
      outputArgs: [
        ref("normal", "4.output"),
        ...(flow ? [ref("handled", "5.output")] : []),
        ref("body", "3.HTTP_BODY"),
      ],
    }),
  ]);
}

describe("HTTP node, retries and exception strategies", () => {
  it("sends through the egress guard and reads declared fields from a JSON answer", async () => {
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("n", "Integer")] }, [3]),
      wfNode(
        3,
        "HTTPRequest",
        {
          method: "POST",
          url: `${base}/ok`,
          contentType: "JSON",
          queries: [ref("page", "1.n", "Integer")],
          body: [ref("n", "1.n", "Integer")],
          outputArgs: [param("city")],
        },
        [2],
      ),
      wfNode(2, "End", { outputArgs: [ref("city", "3.city"), ref("status", "3.HTTP_STATUS_CODE", "Integer")] }),
    ]);
    const { outcome } = await drain(startWorkflow(graph, { params: { n: "7" }, services: { egress } }));
    expect(outcome.output).toEqual({ city: "杭州", status: 200 });
    expect(JSON.parse(String(outcome.nodeExecuteResultMap[3]?.data?.HTTP_BODY))).toEqual({
      city: "杭州",
      echo: { n: 7 },
      q: "/ok?page=7",
    });
  });

  it("refuses a loopback address the admin did not allow", async () => {
    const graph = failing("/ok", { exceptionHandleType: "INTERRUPT" });
    const before = hits["/ok"] ?? 0;
    const { outcome } = await drain(startWorkflow(graph, { services: { egress: { EGRESS_ALLOW: "" } } }));
    expect(outcome.status).toBe("FAILED");
    expect(outcome.message).toMatch(/^节点「HTTPRequest3」执行失败：/);
    expect(hits["/ok"] ?? 0).toBe(before);
  });

  it("retries retryCount times, then takes the exception branch and skips the normal one", async () => {
    const graph = failing("/flow", {
      exceptionHandleType: "EXECUTE_EXCEPTION_FLOW",
      retryCount: 2,
      exceptionHandleNodeIds: [5],
    });
    const { events, outcome } = await drain(startWorkflow(graph, { services: { egress } }));
    expect(hits["/flow"]).toBe(3);
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toMatchObject({ normal: undefined, handled: "处理：HTTP 请求失败，状态码 500：服务器出错" });
    expect(outcome.nodeStatus).toMatchObject({ 3: "FAILED", 4: "SKIPPED", 5: "FINISHED" });
    expect(trail(events)).toContain("3:FAILED");
  });

  it("SPECIFIC_CONTENT: the fixed output (sent as JSON text) plus ERROR_MESSAGE, along the normal path", async () => {
    const graph = failing("/fixed", {
      exceptionHandleType: "SPECIFIC_CONTENT",
      specificContent: '{"HTTP_BODY": "默认内容"}',
    });
    const { outcome } = await drain(startWorkflow(graph, { services: { egress } }));
    expect(hits["/fixed"]).toBe(1);
    expect(outcome.output).toEqual({ normal: "正常", body: "默认内容" });
    expect(outcome.nodeExecuteResultMap[3]).toMatchObject({
      success: false,
      data: { HTTP_BODY: "默认内容", ERROR_MESSAGE: "HTTP 请求失败，状态码 500：服务器出错" },
    });
  });

  it("INTERRUPT: the run fails with the node's message and nothing after it runs", async () => {
    const graph = failing("/stop", { exceptionHandleType: "INTERRUPT", retryCount: 1 });
    const { events, outcome } = await drain(startWorkflow(graph, { services: { egress } }));
    expect(hits["/stop"]).toBe(2);
    expect(outcome).toMatchObject({
      status: "FAILED",
      message: "节点「HTTPRequest3」执行失败：HTTP 请求失败，状态码 500：服务器出错",
    });
    expect(trail(events).filter((t) => t.startsWith("4:") || t.startsWith("2:"))).toEqual([]);
  });

  it("fails a node whose output is too large to keep for a resume", async () => {
    const graph = graphOf([
      wfNode(1, "Start", {}, [3]),
      wfNode(3, "Plugin", { pluginId: 1 }, [2]),
      wfNode(2, "End", { outputArgs: [ref("x", "3.x")] }),
    ]);
    const runPlugin = async () => ({ x: "大".repeat(4_000_001) });
    const { outcome } = await drain(startWorkflow(graph, { services: { runPlugin } }));
    expect(outcome).toMatchObject({
      status: "FAILED",
      message: "节点「Plugin3」执行失败：节点输出过大（超过 4 百万字符）",
    });
  });
});
