import { tableNodeForm } from "#app/components/table/node-form";
import type { NodeType } from "#contract/workflow-nodes";
import { codeForm } from "./code-form";
import { conditionForm } from "./condition-form";
import { endForm } from "./end-form";
import { genericForm } from "./generic-form";
import { httpForm } from "./http-form";
import { intentForm } from "./intent-form";
import { llmForm } from "./llm-form";
import { loopForm } from "./loop-form";
import { qaForm } from "./qa-form";
import { startForm } from "./start-form";
import { targetForm } from "./target-form";
import { textForm } from "./text-form";
import type { KindForm } from "./types";
import { variableForm } from "./variable-form";

/** Nodes with nothing to set: their name and description are the whole form. */
const bare: KindForm = { Form: () => null };

/**
 * The one place node types meet their forms. Types not listed (knowledge and table nodes until their helpers
 * add theirs) get the generic form driven by their config schema.
 */
export const nodeForms: Partial<Record<NodeType, KindForm>> = {
  Start: startForm,
  End: endForm,
  Output: endForm,
  LLM: llmForm,
  Plugin: targetForm,
  Workflow: targetForm,
  Code: codeForm,
  Condition: conditionForm,
  IntentRecognition: intentForm,
  Loop: loopForm,
  LoopBreak: bare,
  LoopContinue: bare,
  LoopStart: bare,
  LoopEnd: bare,
  Variable: variableForm,
  QA: qaForm,
  TextProcessing: textForm,
  HTTPRequest: httpForm,
  TableDataAdd: tableNodeForm,
  TableDataUpdate: tableNodeForm,
  TableDataDelete: tableNodeForm,
  TableDataQuery: tableNodeForm,
  TableSQL: tableNodeForm,
};

export function formOf(type: NodeType): KindForm {
  return nodeForms[type] ?? genericForm;
}
