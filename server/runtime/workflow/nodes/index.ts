import type { NodeType } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { Code } from "./Code";
import { Condition } from "./Condition";
import { DocumentExtraction } from "./DocumentExtraction";
import { End } from "./End";
import { HTTPRequest } from "./HTTPRequest";
import { IntentRecognition } from "./IntentRecognition";
import { Knowledge } from "./Knowledge";
import { LLM } from "./LLM";
import { LongTermMemory } from "./LongTermMemory";
import { Loop } from "./Loop";
import { LoopBreak } from "./LoopBreak";
import { LoopContinue } from "./LoopContinue";
import { LoopEnd } from "./LoopEnd";
import { LoopStart } from "./LoopStart";
import { Output } from "./Output";
import { Plugin } from "./Plugin";
import { QA } from "./QA";
import { Start } from "./Start";
import { TableDataAdd } from "./TableDataAdd";
import { TableDataDelete } from "./TableDataDelete";
import { TableDataQuery } from "./TableDataQuery";
import { TableDataUpdate } from "./TableDataUpdate";
import { TableSQL } from "./TableSQL";
import { TextProcessing } from "./TextProcessing";
import { laterVersion } from "./unsupported";
import { Variable } from "./Variable";
import { Workflow } from "./Workflow";

/**
 * Every node type of the contract, once. Types another module provides (knowledge, tables, documents,
 * memory, MCP) are registered as not yet available, so validation names them instead of
 * a run silently doing nothing.
 */
const registry: { [K in NodeType]: NodeDefinition } = {
  Start,
  End,
  Output,
  LLM,
  IntentRecognition,
  QA,
  Condition,
  Variable,
  TextProcessing,
  Loop,
  LoopStart,
  LoopEnd,
  LoopBreak,
  LoopContinue,
  Code,
  HTTPRequest,
  DocumentExtraction,
  Plugin,
  Workflow,
  Knowledge,
  LongTermMemory,
  TableDataAdd,
  TableDataDelete,
  TableDataUpdate,
  TableDataQuery,
  TableSQL,
  Mcp: laterVersion("Mcp"),
  LoopCondition: laterVersion("LoopCondition"),
  Interval: laterVersion("Interval"),
};

export function definitionOf(type: string): NodeDefinition | undefined {
  return Object.hasOwn(registry, type) ? registry[type as NodeType] : undefined;
}
