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

/** `nodeConfig` fields every node may carry (§3.2); other fields pass through. */
const nodeConfigBase = z
  .object({
    extension: z.object({ x: z.number(), y: z.number() }).passthrough().optional(),
    inputArgs: args.optional(),
    outputArgs: args.optional(),
    exceptionHandleConfig: z
      .object({
        exceptionHandleType: z.enum(["INTERRUPT", "SPECIFIC_CONTENT", "EXECUTE_EXCEPTION_FLOW"]),
        timeout: z.number().int().positive().optional(),
        retryCount: z.number().int().min(0).max(3).optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** A node's own enumerations where the reference names them; everything else passes through for now. */
const withFields = (fields: z.ZodRawShape) => nodeConfigBase.extend(fields).passthrough();

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
    configSchema: withFields({ returnType: z.enum(["VARIABLE", "TEXT"]).optional(), content: z.string().optional() }),
    updatePath: "end",
  }),
  LLM: node("LLM", "大模型", "Basic", {
    ...fallible,
    configSchema: withFields({
      modelId: z.number().int().optional(),
      systemPrompt: z.string().optional(),
      userPrompt: z.string().optional(),
      outputType: z.enum(["Text", "Markdown", "JSON"]).optional(),
    }),
    defaultOutputs: [text("output")],
    testRun: true,
    updatePath: "llm",
  }),
  Plugin: node("Plugin", "插件", "Basic", { ...fallible, testRun: true, updatePath: "plugin" }),
  Workflow: node("Workflow", "工作流", "Basic", { ...fallible, testRun: true, updatePath: "workflow" }),
  Mcp: node("Mcp", "MCP", "Basic", { ...fallible, updatePath: "mcp" }),
  Code: node("Code", "代码", "Logic", {
    ...fallible,
    configSchema: withFields({ codeLanguage: z.enum(["Python", "JavaScript"]).optional() }),
    testRun: true,
    updatePath: "code",
  }),
  Condition: node("Condition", "条件分支", "Logic", { updatePath: "condition" }),
  IntentRecognition: node("IntentRecognition", "意图识别", "Logic", { ...fallible, updatePath: "intent" }),
  Loop: node("Loop", "循环", "Logic", {
    configSchema: withFields({
      loopType: z.enum(["ARRAY_LOOP", "SPECIFY_TIMES_LOOP", "INFINITE_LOOP"]).optional(),
      loopTimes: z.number().int().min(0).optional(),
    }),
    updatePath: "loop",
  }),
  LoopContinue: node("LoopContinue", "继续循环", "Logic", { updatePath: "loop" }),
  LoopBreak: node("LoopBreak", "终止循环", "Logic", { updatePath: "loop" }),
  Knowledge: node("Knowledge", "知识库", "KnowledgeData", { ...fallible, testRun: true, updatePath: "knowledge" }),
  Variable: node("Variable", "变量", "KnowledgeData", {
    configSchema: withFields({ configType: z.enum(["SET_VARIABLE", "GET_VARIABLE"]).optional() }),
    updatePath: "variable",
  }),
  LongTermMemory: node("LongTermMemory", "长期记忆", "KnowledgeData"),
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
    configSchema: withFields({ answerType: z.enum(["TEXT", "SELECT"]).optional(), question: z.string().optional() }),
    updatePath: "qa",
  }),
  TextProcessing: node("TextProcessing", "文本处理", "Tools", {
    configSchema: withFields({ textHandleType: z.enum(["CONCAT", "SPLIT"]).optional() }),
    testRun: true,
    updatePath: "text",
  }),
  DocumentExtraction: node("DocumentExtraction", "文档提取", "Tools", { ...fallible, testRun: true }),
  HTTPRequest: node("HTTPRequest", "http请求", "Tools", { ...fallible, testRun: true, updatePath: "http" }),
  Output: node("Output", "过程输出", "Output", {
    configSchema: withFields({ content: z.string().optional() }),
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
