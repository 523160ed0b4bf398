import { EventChannel, type PausedState, type RunOutcome, type WorkflowEvent } from "./events";
import { type GraphIndex, indexGraph, type Scope } from "./graph";
import { executeNode } from "./run-node";
import type { NodeExecuteResult, NodeStatus, SubRunResult, WorkflowGraph, WorkflowServices } from "./types";
import { OUT } from "./types";
import { validateIndexed } from "./validate";
import { type Reference, readPath } from "./values";

export interface RunOptions {
  /** The Start node's parameters. */
  params?: Record<string, unknown>;
  /** SYS_USER_ID, AGENT_ID, REQUEST_ID…: part of the Start node's output and of Code nodes' SYS_VARS. */
  systemVariables?: Record<string, unknown>;
  /** Workflow (conversation) variables, read and set by Variable nodes. */
  variables?: Record<string, unknown>;
  services?: WorkflowServices;
  /** Aborting ends the run: running nodes are told through their signal and the outcome is CANCELLED. */
  signal?: AbortSignal;
  /** Guard against runaway graphs: node executions per run, loop iterations included. */
  maxSteps?: number;
  /** Guard on the whole run's wall time; running nodes are told through their signal. */
  timeoutMs?: number;
  /**
   * The caller checked this very graph with validateWorkflow (at save or publish, or an earlier run of the
   * same version) and it passed: skip the check. Every other run validates first and refuses a bad graph.
   */
  validated?: boolean;
  /** The workflow this graph belongs to: validation and Workflow nodes refuse to run it again inside itself. */
  workflowId?: number;
  /** Workflow ids of the runs that called this one through Workflow nodes, outermost first. */
  callChain?: readonly number[];
}

export interface WorkflowRun {
  /** Node events, Output text, then one final event; read once. */
  events: AsyncIterable<WorkflowEvent>;
  /** The outcome, also the last event. */
  done: Promise<RunOutcome>;
}

/** One loop iteration (or the top level): where references find outputs, items, index and loop variables. */
export interface Frame {
  parent: Frame | null;
  loopId: number | null;
  index: number;
  items: Record<string, unknown>;
  loopVariables: Record<string, unknown> | null;
  outputs: Map<number, Record<string, unknown>>;
  /** Prefix of the run keys of nodes in this frame: `<loopId>#<index>/` per enclosing loop. */
  keyPrefix: string;
  loopIndex: number[];
}

type ScopeEnd = "done" | "break" | "continue";

/** Ends a run early: the message is the run's failure, already reported on its node. */
export class RunFailure extends Error {}

const DEFAULT_MAX_STEPS = 100_000;

export class Run {
  readonly index: GraphIndex;
  readonly channel = new EventChannel<WorkflowEvent>();
  readonly controller = new AbortController();
  readonly results = new Map<number, NodeExecuteResult>();
  readonly status = new Map<number, NodeStatus>();
  /** Replayable results of this run, the cache of a later resume. */
  readonly cache: PausedState["cache"];
  readonly params: Record<string, unknown>;
  readonly variables: Record<string, unknown>;
  readonly initialVariables: Record<string, unknown>;
  readonly services: WorkflowServices;
  readonly systemVariables: Record<string, unknown>;
  readonly startedAt = Date.now();
  pending: PausedState["pending"] | null = null;
  /** The answers handed to the QA node a resumed run is waiting on. */
  readonly answers: { key: string; list: string[] } | null;
  text: string | undefined;
  /** This run's workflow id after those of its callers (Workflow nodes), outermost first. */
  readonly chain: readonly number[];
  private steps = 0;
  private readonly maxSteps: number;
  private readonly validated: boolean;
  private readonly timeoutMs: number | undefined;
  private readonly workflowId: number | undefined;

  constructor(graph: WorkflowGraph, options: RunOptions, resume: { state: PausedState; answer: string } | null) {
    this.index = indexGraph(graph);
    this.params = resume?.state.params ?? options.params ?? {};
    this.initialVariables = structuredClone(resume?.state.variables ?? options.variables ?? {});
    this.variables = structuredClone(this.initialVariables);
    this.cache = resume ? { ...resume.state.cache } : {};
    this.answers = resume
      ? { key: resume.state.pending.key, list: [...resume.state.pending.answers, resume.answer] }
      : null;
    this.services = options.services ?? {};
    this.systemVariables = options.systemVariables ?? {};
    this.maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
    this.validated = options.validated === true;
    this.timeoutMs = options.timeoutMs;
    this.workflowId = options.workflowId;
    this.chain = [...(options.callChain ?? []), ...(options.workflowId !== undefined ? [options.workflowId] : [])];
    this.callerSignal = options.signal;
    if (this.callerSignal?.aborted) this.stop();
    else this.callerSignal?.addEventListener("abort", this.stop, { once: true });
  }

  private readonly callerSignal: AbortSignal | undefined;
  private readonly stop = () => this.controller.abort(this.callerSignal?.reason);

  /** Forgets the caller's signal: a long-lived one (a chat turn, shutdown) must not keep finished runs alive. */
  release() {
    this.callerSignal?.removeEventListener("abort", this.stop);
  }

  /** Stopped (cancelled, failed or paused): no node starts any more. */
  get halted() {
    return this.controller.signal.aborted || this.pending !== null;
  }

  emit(event: WorkflowEvent) {
    this.channel.push(event);
  }

  step() {
    if (++this.steps > this.maxSteps) throw new RunFailure(`运行步数超过上限（${this.maxSteps}），已停止`);
  }

  async execute(): Promise<RunOutcome> {
    const checks = this.validated ? [] : validateIndexed(this.index, this.workflowId);
    if (checks.some((c) => !c.success)) {
      return this.outcome("FAILED", null, { message: "工作流校验未通过，请根据提示修改后再运行", checks });
    }
    const top: Frame = {
      parent: null,
      loopId: null,
      index: 0,
      items: {},
      loopVariables: null,
      outputs: new Map(),
      keyPrefix: "",
      loopIndex: [],
    };
    const seconds = Number(((this.timeoutMs ?? 0) / 1000).toFixed(3));
    const timer = this.timeoutMs
      ? setTimeout(
          () => this.controller.abort(new RunFailure(`运行时间超过上限（${seconds} 秒），已停止`)),
          this.timeoutMs,
        )
      : undefined;
    try {
      await this.runScope(this.index.scopes.get(null)!, top);
    } catch (error) {
      if (this.controller.signal.aborted && !(error instanceof RunFailure)) {
        return this.outcome("CANCELLED", null, { message: "运行已停止" });
      }
      return this.outcome("FAILED", null, { message: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
    }
    if (this.controller.signal.aborted) return this.outcome("CANCELLED", null, { message: "运行已停止" });
    if (this.pending) {
      const state: PausedState = {
        version: 1,
        params: this.params,
        cache: this.cache,
        pending: this.pending,
        variables: this.initialVariables,
      };
      return this.outcome("PAUSED", null, { state, message: this.pending.question });
    }
    const output = top.outputs.get(this.index.graph.endNodeId) ?? {};
    return this.outcome("FINISHED", output, this.text !== undefined ? { outputContent: this.text } : {});
  }

  crashed(error: unknown): RunOutcome {
    return this.outcome("FAILED", null, {
      message: `运行出错：${error instanceof Error ? error.message : String(error)}`,
    });
  }

  private outcome(status: RunOutcome["status"], output: RunOutcome["output"], extra: Partial<RunOutcome>): RunOutcome {
    return {
      status,
      success: status === "FINISHED",
      output,
      ...extra,
      nodeExecuteResultMap: Object.fromEntries(this.results),
      nodeStatus: Object.fromEntries(this.status),
      costTime: Date.now() - this.startedAt,
      steps: this.steps,
    };
  }

  /**
   * A Workflow node's run of another graph inside this one: the same services, system variables and workflow
   * variables, the node's stop signal, and what is left of this run's step and time budget (its steps count
   * here too). Its Output text streams out of this run. A QA pause inside cannot be answered from here.
   */
  async runChild(
    workflowId: number,
    graph: WorkflowGraph,
    params: Record<string, unknown>,
    signal: AbortSignal,
    emitText: (text: string) => void,
  ): Promise<SubRunResult> {
    const elapsed = Date.now() - this.startedAt;
    const child = startWorkflow(graph, {
      params,
      systemVariables: this.systemVariables,
      variables: this.variables,
      services: this.services,
      signal,
      maxSteps: Math.max(1, this.maxSteps - this.steps),
      ...(this.timeoutMs ? { timeoutMs: Math.max(1, this.timeoutMs - elapsed) } : {}),
      workflowId,
      callChain: this.chain,
    });
    for await (const event of child.events) if (event.type === "output") emitText(event.text);
    const outcome = await child.done;
    this.steps += outcome.steps;
    if (this.steps > this.maxSteps) throw new RunFailure(`运行步数超过上限（${this.maxSteps}），已停止`);
    if (outcome.status === "FINISHED") {
      return {
        output: outcome.output ?? {},
        ...(outcome.outputContent !== undefined ? { text: outcome.outputContent } : {}),
      };
    }
    if (outcome.status === "PAUSED") throw new Error("子工作流中的问答节点需要回答，子工作流暂不支持暂停等待回答");
    const bad = outcome.checks?.filter((c) => !c.success).flatMap((c) => c.messages) ?? [];
    throw new Error(`子工作流运行失败：${[outcome.message, ...bad].filter(Boolean).join("；")}`);
  }

  /**
   * Runs one scope as a DAG: a node starts once every incoming edge is settled, concurrently with whatever
   * else is ready; it really runs if at least one of those edges was taken, else it is SKIPPED at once and
   * settles its own edges as not taken, so joins after branches still fire.
   */
  runScope(scope: Scope, frame: Frame): Promise<ScopeEnd> {
    return new Promise((resolve, reject) => {
      const waiting = new Map(scope.indegree);
      const taken = new Set<number>();
      let running = 0;
      let end: ScopeEnd = "done";
      let failure: unknown = null;
      const finish = () => {
        if (running > 0) return;
        if (failure) reject(failure);
        else resolve(end);
      };
      const settle = (id: number, ports: string[] | null) => {
        for (const edge of this.index.outgoing.get(id) ?? []) {
          if (ports?.includes(edge.port)) taken.add(edge.to);
          const left = waiting.get(edge.to)! - 1;
          waiting.set(edge.to, left);
          if (left === 0) launch(edge.to);
        }
      };
      const launch = (id: number) => {
        if (failure || end !== "done" || this.halted) return;
        if (id !== scope.start && !taken.has(id)) {
          this.status.set(id, "SKIPPED");
          settle(id, null);
          return;
        }
        running++;
        executeNode(this, this.index.byId.get(id)!, frame).then(
          (outcome) => {
            running--;
            if (outcome.control) end = outcome.control;
            if (!outcome.pause) settle(id, outcome.ports ?? [OUT]);
            finish();
          },
          (error) => {
            running--;
            failure ??= error;
            if (!this.controller.signal.aborted) this.controller.abort(error);
            finish();
          },
        );
      };
      launch(scope.start);
      finish();
    });
  }

  /** What a reference reads in this frame: inner nodes of the current iteration first, then outside. */
  read(frame: Frame, reference: Reference): unknown {
    if (reference.kind === "node") {
      for (let f: Frame | null = frame; f; f = f.parent) {
        const output = f.outputs.get(reference.nodeId);
        if (output) return readPath(output, reference.path);
      }
      return undefined;
    }
    for (let f: Frame | null = frame; f; f = f.parent) {
      if (f.loopId !== reference.loopId) continue;
      if (reference.kind === "loopVar") return readPath(f.loopVariables?.[reference.name], reference.path);
      const value = reference.name === "INDEX" ? f.index : f.items[reference.name];
      return readPath(value, reference.path);
    }
    return undefined;
  }
}

function start(graph: WorkflowGraph, options: RunOptions, resume: { state: PausedState; answer: string } | null) {
  const run = new Run(graph, options, resume);
  // Whatever goes wrong, the stream gets its final event and ends: a reader must never wait forever.
  const done = run
    .execute()
    .catch((error) => run.crashed(error))
    .then((outcome) => {
      run.release();
      run.emit({ type: "final", outcome });
      run.channel.close();
      return outcome;
    });
  return { events: run.channel, done } satisfies WorkflowRun;
}

/** Starts a run of the graph; read `events` to follow it, await `done` for the outcome. */
export function startWorkflow(graph: WorkflowGraph, options: RunOptions = {}): WorkflowRun {
  return start(graph, options, null);
}

/**
 * Continues a run a QA node paused, with the user's answer. The graph runs again from Start; nodes whose
 * results are in the state (models, code, HTTP, Output) return them without running again, so the run
 * reaches the QA node in the same shape and goes on from there.
 */
export function resumeWorkflow(
  graph: WorkflowGraph,
  state: PausedState,
  answer: string,
  options: Omit<RunOptions, "params" | "variables"> = {},
): WorkflowRun {
  if (state?.version !== 1 || !state.pending) throw new Error("无法继续运行：暂停状态无效");
  return start(graph, options, { state, answer });
}
