import { personalSpace } from "#tests/support/agents";
import { startServer, type TestServer } from "#tests/support/server";
import { addNode, detail, newWorkflow, ref, TEST_EXECUTE, updateNode, wire } from "#tests/support/workflows";
import { ms, percentile, readSse, table } from "./lib";

const CONCURRENT = 50;
const ROUNDS = 3;

/**
 * Start → 7 TextProcessing nodes → one JavaScript Code node (sandbox) → End: 10 nodes, built through the API
 * as the editor does.
 */
async function tenNodeGraph(s: TestServer, token: string, spaceId: number) {
  const id = await newWorkflow(s, token, spaceId, "压测");
  const { startNode, endNode } = await detail(s, token, id);
  await updateNode(s, token, "update", {
    nodeId: startNode.id,
    nodeConfig: { inputArgs: [{ name: "x", dataType: "String", require: true }] },
  });
  const chain: number[] = [];
  let from = `${startNode.id}.x`;
  for (let i = 0; i < 7; i++) {
    const text = await addNode(s, token, id, "TextProcessing");
    await updateNode(s, token, "text", {
      nodeId: text.id,
      nodeConfig: { textHandleType: "CONCAT", text: "{{v}}+", inputArgs: [ref("v", from)] },
    });
    chain.push(text.id);
    from = `${text.id}.output`;
  }
  const code = await addNode(s, token, id, "Code");
  await updateNode(s, token, "code", {
    nodeId: code.id,
    nodeConfig: {
      ...code.nodeConfig,
      codeLanguage: "JavaScript",
      codeJavaScript: "export default async function main(args) { return { n: args.v.length }; }",
      inputArgs: [ref("v", from)],
      outputArgs: [{ name: "n", dataType: "Integer" }],
    },
  });
  chain.push(code.id);
  await updateNode(s, token, "end", {
    nodeId: endNode.id,
    nodeConfig: { outputArgs: [ref("n", `${code.id}.n`, "Integer")] },
  });
  const order = [startNode.id, ...chain, endNode.id];
  for (let i = 0; i < order.length - 1; i++) await wire(s, token, order[i]!, [order[i + 1]!]);
  return id;
}

/** One test run over HTTP: ms from the request until the final frame, and whether it succeeded. */
async function oneRun(s: TestServer, token: string, workflowId: number, requestId: string) {
  const started = performance.now();
  const res = await fetch(s.url + TEST_EXECUTE, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ workflowId, requestId, params: { x: "x" } }),
  });
  let ok = false;
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await readSse(res, (frame) => {
      // "x" and one "+" per text node: 8 characters.
      if (frame.complete) ok = frame.success === true && frame.data?.n === 8;
    });
  } else await res.text();
  return { took: performance.now() - started, ok };
}

/** 50 concurrent test runs of a 10-node graph with one Code node, end to end through the API (issue 11). */
export async function benchWorkflowRuns() {
  const s = await startServer();
  try {
    const u = await s.newUser();
    const workflowId = await tenNodeGraph(s, u.token, await personalSpace(s, u.token));
    // Warms the sandbox and the JIT; not counted.
    await oneRun(s, u.token, workflowId, "warm");
    // The same run alone, one after the other: what concurrency adds on top.
    const alone: { took: number; ok: boolean }[] = [];
    for (let i = 0; i < 10; i++) alone.push(await oneRun(s, u.token, workflowId, `alone-${i}`));
    const took = alone.map((r) => r.took);
    const rows: (string | number)[][] = [
      ["alone", 1, ms(percentile(took, 50)), ms(percentile(took, 99)), "—", alone.filter((r) => !r.ok).length],
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      const wall = performance.now();
      const runs = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => oneRun(s, u.token, workflowId, `r${round}-${i}`)),
      );
      const took = runs.map((r) => r.took);
      rows.push([
        round,
        CONCURRENT,
        ms(percentile(took, 50)),
        ms(percentile(took, 99)),
        ms(performance.now() - wall),
        runs.filter((r) => !r.ok).length,
      ]);
    }
    table(
      `Workflow test runs: ${CONCURRENT} at once over HTTP, 10-node graph (7 text nodes, 1 JavaScript Code node), records written`,
      ["round", "runs", "p50 end to end", "p99 end to end", "all done after", "errors"],
      rows,
    );
  } finally {
    await s.close();
  }
}
