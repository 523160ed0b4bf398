/**
 * The workflow engine (docs/decisions/0013-workflow-engine.md): validate a graph, run it with node events
 * streamed as they happen, pause on a QA node and resume from the paused state. Storage and HTTP live in the
 * workflow module; what the engine needs from the server arrives as `services`.
 */
export {
  type CachedResult,
  frameOf,
  type PausedState,
  type RunOutcome,
  type WorkflowEvent,
  type WorkflowExecutingFrame,
} from "./events";
export { type RunOptions, resumeWorkflow, startWorkflow, type WorkflowRun } from "./executor";
export { flattenNodes } from "./graph";
export { definitionOf } from "./nodes";
export { renderTemplate } from "./template";
export type {
  NodeExecuteResult,
  NodeStatus,
  WorkflowGraph,
  WorkflowNode,
  WorkflowServices,
} from "./types";
export { type NodeCheck, validateWorkflow } from "./validate";
