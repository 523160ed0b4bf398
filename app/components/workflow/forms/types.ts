import type { ComponentType } from "react";
import type { FormGraph, FormNode, ReferenceOption, Upstream } from "./graph";
import type { NodeOptions } from "./options";

export type NodeConfig = Record<string, unknown>;

/** What every node type's form gets from <NodeForm>. */
export interface FormContext {
  graph: FormGraph;
  spaceId: number;
  /** The sources the node may reference (upstreamOf), and the same as selectable `节点名 - 参数名` options. */
  upstream: Upstream[];
  references: ReferenceOption[];
  /** The space's models, the runnable plugins and workflows, and the chosen target's parameters. */
  options: NodeOptions;
  /** Asks for one plugin's or workflow's parameters (they arrive in `options.target`). */
  loadTarget: (kind: "Plugin" | "Workflow", id: number) => void;
}

export interface KindFormProps {
  node: FormNode;
  config: NodeConfig;
  /** Merges fields into `nodeConfig`. */
  set: (patch: NodeConfig) => void;
  /** Changes fields of the node itself (typeId…). */
  setNode: (patch: Partial<FormNode>) => void;
  ctx: FormContext;
}

/** A node type's form and the checks it shows (state → problems in Chinese; empty when the node is complete). */
export interface KindForm {
  Form: ComponentType<KindFormProps>;
  validate?: (node: FormNode, references: readonly ReferenceOption[], graph: FormGraph) => string[];
}
