import { type Arg, argSchema } from "./args";
import { z } from "./zod";

/**
 * Workflow node kinds, one descriptor each, read by the engine (config schema, default arguments) and by the
 * editor (label, palette group, update path). Types, groups and labels follow the original client
 * (reference original-frontend.md §3.4 and Appendix A); config schemas are permissive (unknown fields pass)
 * until the workflow module gives each node its full rules.
 */
export const nodeTypes = [
  "Knowledge",
  "HTTPRequest",
  "QA",
  "Code",
  "Plugin",
  "IntentRecognition",
  "LLM",
  "Variable",
  "Loop",
  "LoopBreak",
  "LoopContinue",
  "LoopStart",
  "LoopEnd",
  "LoopCondition",
  "Interval",
  "Start",
  "End",
  "DocumentExtraction",
  "Output",
  "TextProcessing",
  "Workflow",
  "LongTermMemory",
  "Condition",
  "TableDataAdd",
  "TableDataDelete",
  "TableDataUpdate",
  "TableDataQuery",
  "TableSQL",
  "Mcp",
] as const;
export type NodeType = (typeof nodeTypes)[number];

/** The editor's palette sections, in display order; the first has no title in the original client. */
export const paletteGroups = [
  { key: "Basic", label: "" },
  { key: "Logic", label: "业务逻辑" },
  { key: "KnowledgeData", label: "知识&数据" },
  { key: "Table", label: "数据表" },
  { key: "Tools", label: "组件&工具" },
  { key: "Output", label: "输出" },
] as const;
export type PaletteGroup = (typeof paletteGroups)[number]["key"];

const args = z.array(argSchema).max(100);

export const exceptionHandleTypes = ["INTERRUPT", "SPECIFIC_CONTENT", "EXECUTE_EXCEPTION_FLOW"] as const;
const ids = z.array(z.number().int()).max(200);

/** Retries, timeout (seconds) and what happens after the last failed attempt (reference original-backend.md §6.3). */
export const exceptionHandleConfigSchema = z
  .object({
    exceptionHandleType: z.enum(exceptionHandleTypes),
    timeout: z.number().int().positive().optional(),
    retryCount: z.number().int().min(0).max(3).optional(),
    /** The output used instead of the failed node's; the original client sends it as a JSON string. */
    specificContent: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
    exceptionHandleNodeIds: ids.nullish(),
  })
  .passthrough();
export type ExceptionHandleConfig = z.infer<typeof exceptionHandleConfigSchema>;

/** `nodeConfig` fields every node may carry (§3.2); other fields pass through. */
const nodeConfigBase = z
  .object({
    extension: z.object({ x: z.number(), y: z.number() }).passthrough().optional(),
    inputArgs: args.nullish(),
    outputArgs: args.nullish(),
    exceptionHandleConfig: exceptionHandleConfigSchema.nullish(),
  })
  .passthrough();

/** A node's own fields; everything else passes through. */
const withFields = (fields: z.ZodRawShape) => nodeConfigBase.extend(fields).passthrough();

/** Condition operators of the Condition node (§3.4). */
export const compareTypes = [
  "EQUAL",
  "NOT_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "LENGTH_GREATER_THAN",
  "LENGTH_GREATER_THAN_OR_EQUAL",
  "LENGTH_LESS_THAN",
  "LENGTH_LESS_THAN_OR_EQUAL",
  "CONTAINS",
  "NOT_CONTAINS",
  "MATCH_REGEX",
  "IS_NULL",
  "NOT_NULL",
] as const;
export type CompareType = (typeof compareTypes)[number];

const branch = { uuid: z.string().min(1).max(64), nextNodeIds: ids.nullish() };
export const conditionBranchSchema = z
  .object({
    ...branch,
    branchType: z.enum(["IF", "ELSE_IF", "ELSE"]),
    conditionType: z.enum(["AND", "OR"]).nullish(),
    conditionArgs: z
      .array(
        z
          .object({ firstArg: argSchema.nullish(), compareType: z.enum(compareTypes), secondArg: argSchema.nullish() })
          .passthrough(),
      )
      .max(50)
      .nullish(),
  })
  .passthrough();
export const intentConfigSchema = z.object({ ...branch, intent: z.string().max(1000) }).passthrough();
export const qaOptionSchema = z
  .object({ ...branch, index: z.string().max(4).nullish(), content: z.string().max(1000).nullish() })
  .passthrough();

/** Model settings shared by the LLM, IntentRecognition and QA nodes. */
const modelFields = {
  modelId: z.number().int().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  topP: z.number().min(0).max(1).nullish(),
  maxTokens: z.number().int().positive().nullish(),
};

export interface NodeKind<T extends NodeType = NodeType> {
  type: T;
  /** The Chinese name on the palette and the canvas. */
  label: string;
  /** Its palette section; null for nodes the user never adds (Start/End come with the workflow, loop internals). */
  group: PaletteGroup | null;
  /** The node's `nodeConfig`. */
  configSchema: z.ZodType<Record<string, unknown>>;
  /** The arguments a new node starts with. */
  defaultInputs: Arg[];
  defaultOutputs: Arg[];
  /** Offers the exception settings (interrupt, fixed content, exception flow). */
  exceptionHandling: boolean;
  /** Can be test-run on its own. */
  testRun: boolean;
  /** `/api/workflow/node/{updatePath}/update`; null: the generic `/api/workflow/node/update`. */
  updatePath: string | null;
}

type Options = Partial<Omit<NodeKind, "type" | "label" | "group">>;

const node = <T extends NodeType>(type: T, label: string, group: PaletteGroup | null, options: Options = {}) =>
  ({
    type,
    label,
    group,
    configSchema: nodeConfigBase,
    defaultInputs: [],
    defaultOutputs: [],
    exceptionHandling: false,
    testRun: false,
    updatePath: null,
    ...options,
  }) satisfies NodeKind<T>;

const text = (name: string): Arg => ({ name, dataType: "String", bindValueType: "Input" });
/** Nodes that call a model, a tool or the outside world: may fail, so offer exception handling. */
const fallible = { exceptionHandling: true } as const;

export const nodeKinds = {
  Start: node("Start", "开始", null, { testRun: true }),
  End: node("End", "结束", null, {
    configSchema: withFields({ returnType: z.enum(["VARIABLE", "TEXT"]).nullish(), content: z.string().nullish() }),
    updatePath: "end",
  }),
  LLM: node("LLM", "大模型", "Basic", {
    ...fallible,
    configSchema: withFields({
      ...modelFields,
      systemPrompt: z.string().nullish(),
      userPrompt: z.string().nullish(),
      outputType: z.enum(["Text", "Markdown", "JSON"]).nullish(),
      skillComponentConfigs: z.array(z.unknown()).nullish(),
    }),
    defaultOutputs: [text("output")],
    testRun: true,
    updatePath: "llm",
  }),
  Plugin: node("Plugin", "插件", "Basic", {
    ...fallible,
    configSchema: withFields({ pluginId: z.number().int().nullish(), typeId: z.number().int().nullish() }),
    testRun: true,
    updatePath: "plugin",
  }),
  /**
   * Runs another workflow (`workflowId`, or `typeId` as node/add sets it) with its inputs as Start parameters;
   * outputs are the target's End outputs. Agents run the target's publication; a test run uses the target's
   * draft when the person test-running may edit it, else its publication. At most 5 workflows deep; a workflow
   * never calls itself, directly or through others (validation and the run both refuse it). A QA node inside a
   * sub-workflow cannot pause the run: the Workflow node fails with a message saying so.
   */
  Workflow: node("Workflow", "工作流", "Basic", {
    ...fallible,
    configSchema: withFields({ workflowId: z.number().int().nullish(), typeId: z.number().int().nullish() }),
    testRun: true,
    updatePath: "workflow",
  }),
  Mcp: node("Mcp", "MCP", "Basic", { ...fallible, updatePath: "mcp" }),
  Code: node("Code", "代码", "Logic", {
    ...fallible,
    configSchema: withFields({
      codeLanguage: z.enum(["Python", "JavaScript"]).nullish(),
      codePython: z.string().max(100_000).nullish(),
      codeJavaScript: z.string().max(100_000).nullish(),
      code: z.string().max(100_000).nullish(),
    }),
    testRun: true,
    updatePath: "code",
  }),
  Condition: node("Condition", "条件分支", "Logic", {
    configSchema: withFields({ conditionBranchConfigs: z.array(conditionBranchSchema).max(50).nullish() }),
    updatePath: "condition",
  }),
  IntentRecognition: node("IntentRecognition", "意图识别", "Logic", {
    ...fallible,
    configSchema: withFields({
      ...modelFields,
      intentConfigs: z.array(intentConfigSchema).max(26).nullish(),
      systemPrompt: z.string().nullish(),
    }),
    defaultOutputs: [{ name: "classificationId", dataType: "Integer", bindValueType: "Input" }, text("reason")],
    updatePath: "intent",
  }),
  Loop: node("Loop", "循环", "Logic", {
    configSchema: withFields({
      loopType: z.enum(["ARRAY_LOOP", "SPECIFY_TIMES_LOOP", "INFINITE_LOOP"]).nullish(),
      loopTimes: z.number().int().min(0).nullish(),
      variableArgs: args.nullish(),
    }),
    defaultInputs: [{ name: "input", dataType: "Array_Object", bindValueType: "Reference" }],
    updatePath: "loop",
  }),
  LoopContinue: node("LoopContinue", "继续循环", "Logic", { updatePath: "loop" }),
  LoopBreak: node("LoopBreak", "终止循环", "Logic", { updatePath: "loop" }),
  Knowledge: node("Knowledge", "知识库", "KnowledgeData", { ...fallible, testRun: true, updatePath: "knowledge" }),
  Variable: node("Variable", "变量", "KnowledgeData", {
    configSchema: withFields({ configType: z.enum(["SET_VARIABLE", "GET_VARIABLE"]).nullish() }),
    updatePath: "variable",
  }),
  /** Input `Query`: the running user's memories relevant to it (empty: their profile); output `outputList[{output}]`. */
  LongTermMemory: node("LongTermMemory", "长期记忆", "KnowledgeData", {
    ...fallible,
    defaultInputs: [{ name: "Query", dataType: "String", bindValueType: "Reference" }],
    defaultOutputs: [
      { name: "outputList", dataType: "Array_Object", bindValueType: "Input", subArgs: [text("output")] },
    ],
    testRun: true,
  }),
  TableDataAdd: node("TableDataAdd", "数据新增", "Table", { ...fallible, testRun: true, updatePath: "tableDataAdd" }),
  TableDataDelete: node("TableDataDelete", "数据删除", "Table", {
    ...fallible,
    testRun: true,
    updatePath: "tableDataDelete",
  }),
  TableDataUpdate: node("TableDataUpdate", "数据更新", "Table", {
    ...fallible,
    testRun: true,
    updatePath: "tableDataUpdate",
  }),
  TableDataQuery: node("TableDataQuery", "数据查询", "Table", {
    ...fallible,
    testRun: true,
    updatePath: "tableDataQuery",
  }),
  TableSQL: node("TableSQL", "SQL自定义", "Table", { ...fallible, testRun: true, updatePath: "tableCustomSql" }),
  QA: node("QA", "问答", "Tools", {
    ...fallible,
    configSchema: withFields({
      ...modelFields,
      answerType: z.enum(["TEXT", "SELECT"]).nullish(),
      question: z.string().nullish(),
      maxReplyCount: z.number().int().min(0).max(10).nullish(),
      options: z.array(qaOptionSchema).max(26).nullish(),
    }),
    defaultOutputs: [text("USER_RESPONSE")],
    updatePath: "qa",
  }),
  TextProcessing: node("TextProcessing", "文本处理", "Tools", {
    configSchema: withFields({
      textHandleType: z.enum(["CONCAT", "SPLIT"]).nullish(),
      text: z.string().nullish(),
      join: z.string().max(100).nullish(),
      splits: z.array(z.string().max(100)).max(20).nullish(),
    }),
    defaultOutputs: [text("output")],
    testRun: true,
    updatePath: "text",
  }),
  /** Input `fileUrl`: a signed link to one of our uploads, or an outside http(s) address (egress-guarded). */
  DocumentExtraction: node("DocumentExtraction", "文档提取", "Tools", {
    ...fallible,
    defaultInputs: [{ name: "fileUrl", dataType: "String", bindValueType: "Reference" }],
    defaultOutputs: [text("output")],
    testRun: true,
  }),
  HTTPRequest: node("HTTPRequest", "http请求", "Tools", {
    ...fallible,
    configSchema: withFields({
      method: z.enum(["GET", "POST", "PUT", "DELETE"]).nullish(),
      url: z.string().max(4000).nullish(),
      contentType: z.enum(["JSON", "FORM_DATA", "X_WWW_FORM_URLENCODED", "OTHER"]).nullish(),
      timeout: z.number().int().positive().nullish(),
      headers: args.nullish(),
      queries: args.nullish(),
      body: args.nullish(),
    }),
    defaultOutputs: [text("HTTP_BODY"), text("HTTP_HEADERS"), { name: "HTTP_STATUS_CODE", dataType: "Integer" }],
    testRun: true,
    updatePath: "http",
  }),
  Output: node("Output", "过程输出", "Output", {
    configSchema: withFields({ content: z.string().nullish() }),
    updatePath: "output",
  }),
  // Created and run by the engine inside loops and between retries; never on the palette.
  LoopStart: node("LoopStart", "循环开始", null),
  LoopEnd: node("LoopEnd", "循环结束", null),
  LoopCondition: node("LoopCondition", "循环条件", null),
  Interval: node("Interval", "间隔", null),
} satisfies { [K in NodeType]: NodeKind<K> };

/** The palette: each group's node kinds, in the reference's order. */
export const palette = paletteGroups.map((group) => ({
  ...group,
  kinds: Object.values(nodeKinds).filter((k) => k.group === group.key),
}));
