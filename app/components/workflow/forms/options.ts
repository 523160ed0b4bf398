import type { Arg } from "#contract/args";

/** Where the node forms read the space's models and the plugins and workflows a node may run. */
export const NODE_OPTIONS_URL = "/resources/workflow-node-options";

export interface ModelOption {
  id: number;
  name: string;
  model: string;
  maxTokens: number;
}

export interface TargetOption {
  id: number;
  name: string;
  description: string;
}

/** One chosen plugin's or workflow's parameters, for its node's inputs and outputs. */
export interface TargetArgs {
  id: number;
  name: string;
  inputArgs: Arg[];
  outputArgs: Arg[];
}

export interface NodeOptions {
  models: ModelOption[];
  plugins: TargetOption[];
  workflows: TargetOption[];
  /** Set when the request named `pluginId` or `workflowId`. */
  target?: TargetArgs | null;
}

export const emptyOptions: NodeOptions = { models: [], plugins: [], workflows: [] };

/** The options URL for a space, optionally with one target's parameters. */
export function optionsUrl(spaceId: number, target?: { kind: "Plugin" | "Workflow"; id: number }) {
  const params = new URLSearchParams({ spaceId: String(spaceId) });
  if (target) params.set(target.kind === "Plugin" ? "pluginId" : "workflowId", String(target.id));
  return `${NODE_OPTIONS_URL}?${params}`;
}
