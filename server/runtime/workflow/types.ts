import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Arg } from "#contract/args";
import type { NodeKind, NodeType } from "#contract/workflow-nodes";
import type { EgressLimits } from "../egress";
import type { KnowledgeSearch } from "./nodes/Knowledge";
import type { MemorySearch } from "./nodes/LongTermMemory";

/** One node as stored and sent by the editor (reference original-frontend.md §3.2); loop children may sit flat or in `innerNodes`. */
export interface WorkflowNode {
  id: number;
  name: string;
  type: NodeType;
  nodeConfig: Record<string, any>;
  nextNodeIds?: number[] | null;
  loopNodeId?: number | null;
  innerStartNodeId?: number | null;
  innerEndNodeId?: number | null;
  innerNodes?: WorkflowNode[] | null;
  /** The plugin or workflow a Plugin / Workflow node runs. */
  typeId?: number | null;
}

export interface WorkflowGraph {
  startNodeId: number;
  endNodeId: number;
  nodes: WorkflowNode[];
}

/** Every port a node sends along: `out`, a branch's uuid, or `exception`. */
export const OUT = "out";
export const EXCEPTION = "exception";

export interface Edge {
  from: number;
  port: string;
  to: number;
}

export type NodeStatus = "EXECUTING" | "FINISHED" | "FAILED" | "SKIPPED" | "STOP_WAIT_ANSWER";

/** What the test-run stream calls `NodeExecuteResult` (original-frontend.md §3.6). */
export interface NodeExecuteResult {
  nodeId: number;
  nodeName: string;
  success: boolean;
  error: string | null;
  input: Record<string, unknown>;
  data: Record<string, unknown> | null;
  startTime: number;
  endTime: number | null;
  /** Inside loops: which iteration (0-based) of each enclosing loop, outermost first. */
  loopIndex?: number[];
}

/** A node's answer to the executor. */
export interface NodeOutcome {
  output: Record<string, unknown>;
  /** The ports whose targets run; default [OUT]. Targets on other ports are skipped. */
  ports?: string[];
  /** LoopBreak / LoopContinue: end the iteration (and for `break` the loop). */
  control?: "break" | "continue";
  /** QA: stop the run here and ask; `data` is what the question event carries. */
  pause?: { question: string; data: Record<string, unknown> };
  /** A node that failed but whose exception setting let the run go on. */
  error?: string;
  /** End of type TEXT: the rendered answer of the workflow. */
  text?: string;
}

/** What one loop iteration left behind, for the Loop node to collect. */
export interface IterationResult {
  end: "done" | "break" | "continue";
  outputs: Map<number, Record<string, unknown>>;
}

export interface CodeRequest {
  language: "JavaScript" | "Python";
  code: string;
  args: Record<string, unknown>;
  timeoutMs: number;
}
export interface CodeResult {
  success: boolean;
  output: unknown;
  logs?: string[] | string;
  error?: string | null;
  costTime?: number;
}

/**
 * What the engine needs from the rest of the server, handed in by whoever starts a run (the workflow module,
 * the chat runtime, tests), so the engine itself holds no database handle.
 */
export interface WorkflowServices {
  /** The chat model for an LLM, IntentRecognition or QA node; throws a Chinese message if it is unusable. */
  model?(modelId: number | null | undefined): Promise<LanguageModelV3> | LanguageModelV3;
  /** Runs a Code node's code; default: runtime/sandbox. */
  runCode?(request: CodeRequest, signal: AbortSignal): Promise<CodeResult>;
  /** Runs a published plugin with its resolved inputs and returns its output map. */
  runPlugin?(pluginId: number, args: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** Outbound HTTP of HTTPRequest nodes: the admin's allowlist and limits for runtime/egress. */
  egress?: { EGRESS_ALLOW: string; limits?: EgressLimits };
  /** Writes a workflow variable through to its owner (the conversation) after the node set it. */
  setVariable?(name: string, value: unknown): Promise<void> | void;
  /**
   * The graph a Workflow node runs: the target's publication, or its draft when the caller allows it (an
   * editor's test run). Throws a Chinese message when the target cannot be used.
   */
  loadWorkflow?(workflowId: number): Promise<WorkflowGraph> | WorkflowGraph;
  /**
   * The bytes of a document a DocumentExtraction node names by URL, with a file name whose extension says its
   * type: our own uploads by their signed link, anything else through the egress guard.
   */
  readDocument?(url: string, signal: AbortSignal): Promise<{ bytes: Uint8Array; fileName: string }>;
  /** Knowledge nodes: searches knowledge bases of the run's space (the knowledge module's knowledgeNodeSearch). */
  searchKnowledge?: KnowledgeSearch;
  /** LongTermMemory nodes: the running user's memories (the memory module's memoryNodeSearch). */
  searchMemory?: MemorySearch;
}

/** What a Workflow node's sub-run gives back: the End node's outputs and, for an End of type TEXT, its text. */
export interface SubRunResult {
  output: Record<string, unknown>;
  text?: string;
}

/** The view of the run one node gets while it runs. */
export interface NodeContext {
  node: WorkflowNode;
  config: Record<string, any>;
  /** The node's resolved `inputArgs` by name. */
  inputs: Record<string, unknown>;
  signal: AbortSignal;
  services: WorkflowServices;
  /** Start parameters of the run. */
  params: Record<string, unknown>;
  systemVariables: Record<string, unknown>;
  /** Workflow (conversation) variables, read and written by Variable nodes. */
  variables: Record<string, unknown>;
  /** The enclosing loop's variables when the node runs inside a loop. */
  loopVariables?: Record<string, unknown>;
  /** Resolves any argument list the way `inputArgs` were resolved. */
  resolveArgs(args: Arg[] | null | undefined): Record<string, unknown>;
  /** Streams text out of the run at once (Output nodes). */
  emitText(text: string): void;
  /** The answers given to this QA node so far (resumed runs), oldest first. */
  answers: string[];
  /** Workflow ids of this run and the runs that called it through Workflow nodes, outermost first. */
  callChain: readonly number[];
  /** Runs another workflow's graph as part of this run (same services, variables, stop and guards). */
  runSubWorkflow(
    workflowId: number,
    graph: WorkflowGraph,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<SubRunResult>;
  /** A Loop node's body members (empty for other nodes). */
  innerNodeIds: ReadonlySet<number>;
  /**
   * Runs a Loop node's body once: `items` are the `<arg>_item` values of this iteration, `variables` the
   * loop variables (one object shared by all iterations). Null when the run was stopped or paused meanwhile.
   */
  runIteration(
    index: number,
    items: Record<string, unknown>,
    variables: Record<string, unknown>,
  ): Promise<IterationResult | null>;
}

export interface ValidationContext {
  graph: WorkflowGraph;
  byId: Map<number, WorkflowNode>;
  /** The workflow being checked, when the caller knows it (a Workflow node must not run it again). */
  workflowId?: number;
}

/** One node type's behaviour: keyed by its contract descriptor, registered once in nodes/index.ts. */
export interface NodeDefinition {
  kind: NodeKind;
  /** The node's outgoing branch ports besides `out` and `exception`, with their targets; default: `out` only. */
  ports?(node: WorkflowNode): { port: string; targets: number[] }[];
  /** Chinese messages for what is missing or wrong in the node's own config. */
  validate?(node: WorkflowNode, context: ValidationContext): string[];
  /** Results replayed from the paused run when a QA answer resumes it (models, code, HTTP: not repeated). */
  replay?: boolean;
  /** Its `inputArgs` declare the run's parameters (Start) instead of binding values. */
  parameters?: boolean;
  /** Set for node types another module will provide; validation refuses them with this message. */
  unsupported?: string;
  run?(context: NodeContext): Promise<NodeOutcome> | NodeOutcome;
}
