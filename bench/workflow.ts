import { startWorkflow } from "#server/runtime/workflow/executor";
import { renderTemplate } from "#server/runtime/workflow/template";
import { drain, graphOf, loopNodes, param, ref, wfNode } from "#server/runtime/workflow/testing";
import type { WorkflowGraph, WorkflowNode } from "#server/runtime/workflow/types";
import { validateWorkflow } from "#server/runtime/workflow/validate";
import { percentile, table } from "./lib";
import { benchWorkflowRuns } from "./workflow-runs";

/**
 * Workflow engine overhead: chains of cheap TextProcessing nodes, a 100-wide fan-out/fan-in and a
 * 100-iteration loop, each run through the engine (validation, scheduling, events, results) and, side by
 * side, the same template work in a plain JavaScript loop. Figures are µs per executed node.
 */
const concat = (id: number, from: string, next: number[]) =>
  wfNode(id, "TextProcessing", { textHandleType: "CONCAT", text: "{{v}}+", inputArgs: [ref("v", from)] }, next);

function chain(length: number): WorkflowGraph {
  const nodes: WorkflowNode[] = [wfNode(1, "Start", { inputArgs: [param("x")] }, [3])];
  for (let i = 0; i < length; i++) {
    const id = i + 3;
    nodes.push(concat(id, i === 0 ? "1.x" : `${id - 1}.output`, [i === length - 1 ? 2 : id + 1]));
  }
  nodes.push(wfNode(2, "End", { outputArgs: [ref("out", `${length + 2}.output`)] }));
  return graphOf(nodes);
}

function fanOut(width: number): WorkflowGraph {
  const ids = Array.from({ length: width }, (_, i) => i + 3);
  return graphOf([
    wfNode(1, "Start", { inputArgs: [param("x")] }, ids),
    ...ids.map((id) => concat(id, "1.x", [2])),
    wfNode(2, "End", { outputArgs: ids.map((id) => ref(`o${id}`, `${id}.output`)) }),
  ]);
}

/** A loop over an array (its length sets the iterations) whose body is one text node. */
function loop(): WorkflowGraph {
  return graphOf([
    wfNode(1, "Start", { inputArgs: [param("list", "Array_String")] }, [10]),
    ...loopNodes(
      10,
      { inputArgs: [ref("input", "1.list", "Array_String")], outputArgs: [ref("all", "13.output", "Array_String")] },
      [2],
      { firstIds: [13], inner: [concat(13, "10-input.input_item", [12])] },
    ),
    wfNode(2, "End", { outputArgs: [ref("all", "10.all", "Array_String")] }),
  ]);
}

/** The same template work without the engine: what the nodes themselves cost. */
function plain(kind: string, size: number) {
  if (kind === "fan") return Array.from({ length: size }, () => renderTemplate("{{v}}+", { v: "x" }));
  let value = "x";
  for (let i = 0; i < size; i++) value = renderTemplate("{{v}}+", { v: value });
  return value;
}

interface Case {
  name: string;
  graph: WorkflowGraph;
  params: Record<string, unknown>;
  /** Node executions per run, loop iterations counted. */
  executed: number;
  plainKind: string;
  plainSize: number;
  repeats: number;
}

/** µs per executed node of one whole run, its events read as a client would. */
async function timedRun(c: Case, validated: boolean) {
  const started = performance.now();
  const { outcome } = await drain(startWorkflow(c.graph, { params: c.params, validated }));
  const took = performance.now() - started;
  if (outcome.status !== "FINISHED") throw new Error(`${c.name}: ${outcome.message}`);
  return (took * 1000) / c.executed;
}

async function measure(c: Case) {
  const engine: number[] = [];
  const checked: number[] = [];
  const bare: number[] = [];
  const validation: number[] = [];
  // The first rounds warm the JIT; they are not counted.
  for (let r = 0; r < c.repeats + 3; r++) {
    const run = await timedRun(c, true);
    const withCheck = await timedRun(c, false);
    const t0 = performance.now();
    plain(c.plainKind, c.plainSize);
    const plainTook = ((performance.now() - t0) * 1000) / c.executed;
    const t1 = performance.now();
    validateWorkflow(c.graph);
    const checkTook = ((performance.now() - t1) * 1000) / c.graph.nodes.length;
    if (r < 3) continue;
    engine.push(run);
    checked.push(withCheck);
    bare.push(plainTook);
    validation.push(checkTook);
  }
  const p50 = percentile(engine, 50);
  const bare50 = percentile(bare, 50);
  return [
    c.name,
    c.executed,
    p50.toFixed(1),
    percentile(engine, 99).toFixed(1),
    bare50.toFixed(2),
    (p50 / bare50).toFixed(0),
    percentile(checked, 50).toFixed(1),
    percentile(validation, 50).toFixed(1),
  ];
}

/** `BENCH_WORKFLOW=runs` measures only the concurrent test runs through the API. */
export async function benchWorkflow() {
  if (process.env.BENCH_WORKFLOW === "runs") return benchWorkflowRuns();
  const list = Array.from({ length: 100 }, (_, i) => `item${i}`);
  const cases: Case[] = [
    {
      name: "chain 10",
      graph: chain(10),
      params: { x: "x" },
      executed: 12,
      plainKind: "chain",
      plainSize: 10,
      repeats: 1000,
    },
    {
      name: "chain 50",
      graph: chain(50),
      params: { x: "x" },
      executed: 52,
      plainKind: "chain",
      plainSize: 50,
      repeats: 400,
    },
    {
      name: "chain 100",
      graph: chain(100),
      params: { x: "x" },
      executed: 102,
      plainKind: "chain",
      plainSize: 100,
      repeats: 100,
    },
    {
      name: "chain 1000",
      graph: chain(1000),
      params: { x: "x" },
      executed: 1002,
      plainKind: "chain",
      plainSize: 1000,
      repeats: 20,
    },
    {
      name: "fan-out 100",
      graph: fanOut(100),
      params: { x: "x" },
      executed: 102,
      plainKind: "fan",
      plainSize: 100,
      repeats: 200,
    },
    // Start, Loop, End, and per iteration LoopStart, the text node and LoopEnd.
    {
      name: "loop 100",
      graph: loop(),
      params: { list },
      executed: 3 + 3 * 100,
      plainKind: "fan",
      plainSize: 100,
      repeats: 200,
    },
  ];
  const rows = [];
  for (const c of cases) rows.push(await measure(c));
  table(
    "Workflow engine: µs per executed node (scheduling, references, events, results); plain JS = the same templates in a loop",
    [
      "case",
      "nodes run",
      "engine p50",
      "engine p99",
      "plain JS p50",
      "ratio",
      "with validation p50",
      "validation µs/node",
    ],
    rows,
  );
  await benchWorkflowRuns();
}
