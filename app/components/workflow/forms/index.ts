/**
 * The workflow editor's node forms, for the canvas's side panel: <NodeForm> edits one node of the graph,
 * upstreamOf lists what that node may reference, nodeForms maps each node type to its form.
 */
export {
  type FormGraph,
  type FormNode,
  loopBodyOf,
  type ReferenceOption,
  referenceOptions,
  type Upstream,
  upstreamOf,
} from "./graph";
export { NodeForm, type NodeFormProps, nodeProblems } from "./node-form";
export { formOf, nodeForms } from "./registry";
