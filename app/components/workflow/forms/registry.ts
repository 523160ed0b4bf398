import type { NodeType } from "../../../../contract/workflow-nodes";
import { genericForm } from "./generic-form";
import type { KindForm } from "./types";

/**
 * The one place node types meet their forms. Types not listed (knowledge and table nodes until their helpers
 * add theirs, internal loop nodes) get the generic form driven by their config schema.
 */
export const nodeForms: Partial<Record<NodeType, KindForm>> = {};

export function formOf(type: NodeType): KindForm {
  return nodeForms[type] ?? genericForm;
}
