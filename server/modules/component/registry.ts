import { knowledgeToolFactory } from "#server/runtime/agent/knowledge-tool";
import { pluginToolFactory } from "#server/runtime/agent/plugin-tool";
import { tableToolFactory } from "#server/runtime/agent/table-tool";
import { workflowToolFactory } from "#server/runtime/agent/workflow-tool";
import { agentPublishAdapter } from "../agent/publish-adapter";
import { resolveKnowledge } from "../knowledge";
import { resolveModel } from "../model/component-target";
import { pluginPublishAdapter, resolvePlugin } from "../plugin";
import { resolveTable } from "../table";
import { resolveWorkflow, workflowPublishAdapter } from "../workflow";
import { registerKind } from "./kinds";

/**
 * Every component kind's server parts, registered in one place (imported once by the API app). A kind's module
 * adds its resolver, tool factory or publish adapter here when it arrives; until then a binding to the kind
 * cannot resolve, it offers no tool, and publishing it answers as a missing target.
 */
registerKind({ type: "Model", resolver: resolveModel });
registerKind({ type: "Agent", publish: agentPublishAdapter });
registerKind({
  type: "Plugin",
  resolver: resolvePlugin,
  publish: pluginPublishAdapter,
  toolFactory: pluginToolFactory,
});
registerKind({
  type: "Workflow",
  resolver: resolveWorkflow,
  publish: workflowPublishAdapter,
  toolFactory: workflowToolFactory,
});
registerKind({ type: "Trigger" });
registerKind({ type: "Knowledge", resolver: resolveKnowledge, toolFactory: knowledgeToolFactory });
registerKind({ type: "Variable" });
registerKind({ type: "Table", resolver: resolveTable, toolFactory: tableToolFactory });
