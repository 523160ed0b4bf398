import type { CachedResult } from "./events";
import { type Frame, type Run, RunFailure } from "./executor";
import { definitionOf } from "./nodes";
import { LoopHalted } from "./nodes/Loop";
import {
  EXCEPTION,
  type NodeContext,
  type NodeDefinition,
  type NodeExecuteResult,
  type NodeOutcome,
  OUT,
  type WorkflowNode,
} from "./types";
import { resolveArgs } from "./values";

/** Seconds a fallible node may take per attempt when it sets none (reference original-backend.md §6.3). */
const DEFAULT_TIMEOUT_S = 180;

const NO_NODES: ReadonlySet<number> = new Set();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Waits for the node, but not past the signal: a node that ignores its signal cannot hold the run. */
function untilAborted<T>(work: Promise<T> | T, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return Promise.resolve(work);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** `specificContent` arrives as an object or, from the original client, as JSON text. */
function specificContentOf(value: unknown): Record<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value === "string" && value.trim()) {
    try {
      const parsed = JSON.parse(value);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
    } catch {
      // not JSON: the text itself is the content
    }
    return { output: value };
  }
  return {};
}

function context(run: Run, definition: NodeDefinition, node: WorkflowNode, frame: Frame, key: string): NodeContext {
  const read = (reference: Parameters<Run["read"]>[1]) => run.read(frame, reference);
  const config = node.nodeConfig ?? {};
  return {
    node,
    config,
    inputs: definition.parameters ? {} : resolveArgs(config.inputArgs, read),
    signal: run.controller.signal,
    services: run.services,
    params: run.params,
    systemVariables: run.systemVariables,
    variables: run.variables,
    loopVariables: frame.loopVariables ?? undefined,
    resolveArgs: (args) => resolveArgs(args, read),
    emitText: (text) => run.emit({ type: "output", nodeId: node.id, name: node.name, text }),
    answers: run.answers?.key === key ? run.answers.list : [],
    callChain: run.chain,
    runSubWorkflow: (workflowId, graph, params, signal) =>
      run.runChild(workflowId, graph, params, signal, (text) =>
        run.emit({ type: "output", nodeId: node.id, name: node.name, text }),
      ),
    innerNodeIds: node.type === "Loop" ? new Set(run.index.scopes.get(node.id)?.members) : NO_NODES,
    runIteration: async (index, items, variables) => {
      if (run.halted) return null;
      const child: Frame = {
        parent: frame,
        loopId: node.id,
        index,
        items: { ...items, INDEX: index },
        loopVariables: variables,
        outputs: new Map(),
        keyPrefix: `${key}#${index}/`,
        loopIndex: [...frame.loopIndex, index],
      };
      const end = await run.runScope(run.index.scopes.get(node.id)!, child);
      return run.halted ? null : { end, outputs: child.outputs };
    },
  };
}

/** Every node output (kept for references, a resume and the run's record) is capped, as characters of its JSON. */
export const MAX_OUTPUT_CHARS = 4_000_000;

function checkStorable(outcome: NodeOutcome) {
  if (JSON.stringify(outcome.output).length > MAX_OUTPUT_CHARS) {
    throw new Error(`节点输出过大（超过 ${MAX_OUTPUT_CHARS / 1_000_000} 百万字符）`);
  }
}

/** Runs the node's attempts: a timeout per attempt for fallible nodes, `retryCount` retries after the first. */
async function attempt(definition: NodeDefinition, ctx: NodeContext, run: Run): Promise<NodeOutcome> {
  const handling = definition.kind.exceptionHandling ? ctx.config.exceptionHandleConfig : null;
  const attempts = 1 + Math.max(0, Math.min(3, Number(handling?.retryCount ?? 0)));
  // Loops run as long as their bodies; their nodes have their own timeouts.
  const timeoutMs =
    definition.kind.exceptionHandling && definition.kind.type !== "Loop"
      ? Number(handling?.timeout ?? DEFAULT_TIMEOUT_S) * 1000
      : 0;
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    const signal = timeoutMs ? AbortSignal.any([run.controller.signal, AbortSignal.timeout(timeoutMs)]) : ctx.signal;
    try {
      const outcome = await untilAborted(definition.run!({ ...ctx, signal }), signal);
      checkStorable(outcome);
      return outcome;
    } catch (error) {
      if (run.controller.signal.aborted) throw error;
      last = signal.aborted && !run.controller.signal.aborted ? new Error("执行超时") : error;
    }
  }
  throw last;
}

function result(
  node: WorkflowNode,
  frame: Frame,
  input: Record<string, unknown>,
  startTime: number,
): NodeExecuteResult {
  return {
    nodeId: node.id,
    nodeName: node.name,
    success: true,
    error: null,
    input,
    data: null,
    startTime,
    endTime: null,
    ...(frame.loopIndex.length ? { loopIndex: frame.loopIndex } : {}),
  };
}

/**
 * One node in one frame: resolve its inputs, run it (or replay its result on resume), report EXECUTING then
 * FINISHED / FAILED / STOP_WAIT_ANSWER, store its output for references, and apply its exception setting
 * after the last failed attempt: INTERRUPT fails the run, SPECIFIC_CONTENT and EXECUTE_EXCEPTION_FLOW report
 * the node FAILED and go on with the fixed output or along the exception port.
 */
export async function executeNode(run: Run, node: WorkflowNode, frame: Frame): Promise<NodeOutcome> {
  run.step();
  const definition = definitionOf(node.type);
  if (!definition?.run) throw new RunFailure(`节点「${node.name}」暂不支持运行`);
  const key = `${frame.keyPrefix}${node.id}`;
  const cached = definition.replay ? run.cache[key] : undefined;
  if (cached) return replay(run, node, frame, cached);

  const startTime = Date.now();
  const report = result(node, frame, {}, startTime);
  const finish = (status: "FINISHED" | "FAILED" | "STOP_WAIT_ANSWER", patch: Partial<NodeExecuteResult>) => {
    const done = { ...report, ...patch, endTime: Date.now() };
    run.results.set(node.id, done);
    run.status.set(node.id, status);
    run.emit({ type: "node", nodeId: node.id, name: node.name, status, result: done });
    return done;
  };

  let ctx: NodeContext;
  try {
    ctx = context(run, definition, node, frame, key);
  } catch (error) {
    finish("FAILED", { success: false, error: messageOf(error) });
    throw new RunFailure(`节点「${node.name}」执行失败：${messageOf(error)}`);
  }
  report.input = ctx.inputs;
  run.status.set(node.id, "EXECUTING");
  run.emit({ type: "node", nodeId: node.id, name: node.name, status: "EXECUTING", result: report });

  let outcome: NodeOutcome;
  try {
    outcome = await attempt(definition, ctx, run);
  } catch (error) {
    // Paused or stopped inside a loop body: the pause or the stop is reported where it happened.
    if (error instanceof LoopHalted) return { output: {} };
    const message = messageOf(error);
    if (run.controller.signal.aborted && !(error instanceof RunFailure)) {
      finish("FAILED", { success: false, error: "运行已停止" });
      throw error;
    }
    const handling = definition.kind.exceptionHandling ? ctx.config.exceptionHandleConfig : null;
    const type = error instanceof RunFailure ? "INTERRUPT" : (handling?.exceptionHandleType ?? "INTERRUPT");
    if (type === "INTERRUPT") {
      finish("FAILED", { success: false, error: message });
      throw error instanceof RunFailure ? error : new RunFailure(`节点「${node.name}」执行失败：${message}`);
    }
    outcome =
      type === "SPECIFIC_CONTENT"
        ? { output: { ...specificContentOf(handling?.specificContent), ERROR_MESSAGE: message }, error: message }
        : { output: { ERROR_MESSAGE: message }, ports: [EXCEPTION], error: message };
  }

  if (outcome.pause) {
    const { question, data } = outcome.pause;
    finish("STOP_WAIT_ANSWER", { data });
    run.pending = { key, nodeId: node.id, question, answers: run.answers?.key === key ? run.answers.list : [] };
    return outcome;
  }
  frame.outputs.set(node.id, outcome.output);
  if (outcome.text !== undefined && frame.parent === null) run.text = outcome.text;
  const done = outcome.error
    ? finish("FAILED", { success: false, error: outcome.error, data: outcome.output })
    : finish("FINISHED", { data: outcome.output });
  if (definition.replay) {
    run.cache[key] = {
      output: outcome.output,
      ports: outcome.ports ?? [OUT],
      ...(outcome.error ? { error: outcome.error } : {}),
      input: done.input,
      startTime: done.startTime,
      endTime: done.endTime ?? done.startTime,
    };
  }
  return outcome;
}

/** A result the paused run already had: reported again (the stream shows the whole run) but not re-run. */
function replay(run: Run, node: WorkflowNode, frame: Frame, cached: CachedResult): NodeOutcome {
  const status = cached.error ? "FAILED" : "FINISHED";
  const done: NodeExecuteResult = {
    ...result(node, frame, cached.input, cached.startTime),
    success: !cached.error,
    error: cached.error ?? null,
    data: cached.output,
    endTime: cached.endTime,
  };
  run.results.set(node.id, done);
  run.status.set(node.id, status);
  run.emit({ type: "node", nodeId: node.id, name: node.name, status, result: done });
  frame.outputs.set(node.id, cached.output);
  return { output: cached.output, ports: cached.ports, ...(cached.error ? { error: cached.error } : {}) };
}
