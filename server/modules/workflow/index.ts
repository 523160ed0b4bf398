/**
 * What other modules may use of workflows: the component-library rows, the resolver and publish adapter the
 * component registry plugs in, and the HTTP routes.
 */
export { listSpaceWorkflows } from "./library";
export { workflowPublishAdapter } from "./publish-adapter";
export { resolveWorkflow } from "./published-service";
export { findWorkflow, savePausedRun, takePausedRun } from "./repo";
export { publishedWorkflowRoutes, workflowRoutes } from "./routes";
