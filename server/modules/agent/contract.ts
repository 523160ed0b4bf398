import { componentTypes, openClose } from "../../db/schema";
import { requiredSafeUrl, safeUrl } from "../../lib/safe-url";
import { id, z } from "../../lib/zod";

const fileKinds = [
  "Default",
  "Image",
  "PPT",
  "Doc",
  "PDF",
  "Txt",
  "Zip",
  "Excel",
  "Video",
  "Audio",
  "Voice",
  "Code",
  "Svg",
];
const scalarTypes = ["String", "Integer", "Number", "Boolean", "Object", "File", ...fileKinds.map((k) => `File_${k}`)];
export const dataTypes = [...scalarTypes, ...scalarTypes.map((t) => `Array_${t}`)] as [string, ...string[]];
export const dataTypeSchema = z.enum(dataTypes, { error: "不是支持的数据类型" });
export type DataType = z.infer<typeof dataTypeSchema>;

export const invokeTypes = ["AUTO", "ON_DEMAND", "MANUAL", "MANUAL_ON_DEMAND"] as const;
const flag01 = z.union([z.literal(0), z.literal(1)], { error: "必须是 0 或 1" });
const shortText = (max: number) => z.string().trim().max(max, `最多 ${max} 个字符`);

/** The universal argument descriptor (BindConfigWithSub) of plugins, workflows, tables and cards. */
export type Arg = {
  key?: string;
  name: string;
  displayName?: string;
  description?: string;
  dataType: DataType;
  require?: boolean;
  enable?: boolean;
  systemVariable?: boolean;
  bindValueType?: "Input" | "Reference";
  bindValue?: unknown;
  inputType?: string;
  subArgs?: Arg[];
};
export const argSchema: z.ZodType<Arg> = z.lazy(() =>
  z.object({
    key: shortText(64).optional(),
    name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
    displayName: shortText(64).optional(),
    description: shortText(500).optional(),
    dataType: dataTypeSchema,
    require: z.boolean().optional(),
    enable: z.boolean().optional(),
    systemVariable: z.boolean().optional(),
    bindValueType: z.enum(["Input", "Reference"]).optional(),
    bindValue: z.unknown().optional(),
    inputType: shortText(32).optional(),
    subArgs: z.array(argSchema).max(100).optional(),
  }),
);

export const cardBindSchema = z.object({
  cardId: z.number().int().optional(),
  cardKey: z.enum(["template-1", "template-2", "template-3", "template-4"], { error: "卡片模板不存在" }),
  bindCardStyle: z.enum(["SINGLE", "LIST"]).default("SINGLE"),
  maxCardCount: z.number().int().min(1).max(20).default(5),
  bindArray: shortText(200).optional(),
  cardArgsBindConfigs: z
    .array(z.object({ key: shortText(64), bindValue: shortText(200) }))
    .max(20)
    .default([]),
  bindLinkUrl: shortText(200).optional(),
});

export const modelModes = ["Precision", "Balanced", "Creative", "Customization"] as const;
export const modelBindSchema = z.object({
  mode: z.enum(modelModes, { error: "必须是 Precision、Balanced、Creative 或 Customization" }).default("Balanced"),
  temperature: z.number().min(0, "不能小于 0").max(2, "不能大于 2").default(1),
  topP: z.number().min(0, "不能小于 0").max(1, "不能大于 1").default(0.7),
  maxTokens: z.number().int().min(1, "至少为 1").max(1_000_000).default(4096),
  contextRounds: z.number().int().min(0, "不能小于 0").max(100, "不能大于 100").default(3),
  reasoningModelId: z.number().int().positive().nullable().default(null),
});

export const toolBindSchema = z.object({
  inputArgBindConfigs: z.array(argSchema).max(100).default([]),
  outputArgBindConfigs: z.array(argSchema).max(100).default([]),
  argBindConfigs: z.array(argSchema).max(100).optional(),
  invokeType: z.enum(invokeTypes, { error: "必须是 AUTO、ON_DEMAND、MANUAL 或 MANUAL_ON_DEMAND" }).default("ON_DEMAND"),
  defaultSelected: flag01.default(0),
  directOutput: flag01.default(0),
  async: flag01.default(0),
  asyncReplyContent: shortText(500).default("已经开始为您处理，请耐心等待运行结果"),
  cardBindConfig: cardBindSchema.nullable().optional(),
});

export const knowledgeBindSchema = z.object({
  invokeType: z.enum(["AUTO", "ON_DEMAND"], { error: "必须是 AUTO 或 ON_DEMAND" }).default("ON_DEMAND"),
  defaultSelected: flag01.default(0),
  searchStrategy: z
    .enum(["SEMANTIC", "MIXED", "FULL_TEXT"], { error: "必须是 SEMANTIC、MIXED 或 FULL_TEXT" })
    .default("MIXED"),
  maxRecallCount: z.number().int().min(1, "至少为 1").max(10, "最多为 10").default(5),
  matchingDegree: z.number().min(0.01, "不能小于 0.01").max(0.99, "不能大于 0.99").default(0.5),
  noneRecallReplyType: z.enum(["DEFAULT", "CUSTOM"]).default("DEFAULT"),
  noneRecallReply: shortText(1000).default(""),
});

export const tableBindSchema = z.object({
  inputArgBindConfigs: z.array(argSchema).max(100).default([]),
  outputArgBindConfigs: z.array(argSchema).max(100).default([]),
  invokeType: z.enum(invokeTypes).default("ON_DEMAND"),
  cardBindConfig: cardBindSchema.nullable().optional(),
});

export const variableInputTypes = [
  "Text",
  "Paragraph",
  "Number",
  "Select",
  "MultipleSelect",
  "AutoRecognition",
] as const;
export const variableSchema = z.object({
  key: shortText(64).optional(),
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "只能包含字母、数字和下划线，且不能以数字开头"),
  displayName: shortText(64).default(""),
  description: shortText(500).default(""),
  dataType: dataTypeSchema.default("String"),
  require: z.boolean().default(false),
  enable: z.boolean().default(true),
  systemVariable: z.literal(false).default(false),
  inputType: z.enum(variableInputTypes, { error: "不是支持的输入方式" }).default("Text"),
  selectConfig: z
    .object({
      dataSourceType: z.enum(["MANUAL", "BINDING"]).default("MANUAL"),
      options: z
        .array(z.object({ label: shortText(64).min(1, "不能为空"), value: shortText(200).min(1, "不能为空") }))
        .max(100),
    })
    .nullable()
    .optional(),
  bindValue: z.unknown().optional(),
});
export type Variable = z.infer<typeof variableSchema>;
export const variableBindSchema = z.object({ variables: z.array(variableSchema).max(50, "最多 50 个变量") });

export const triggerBindSchema = z.object({
  name: z.string().trim().min(1, "不能为空").max(64),
  triggerType: z.enum(["TIME", "EVENT"], { error: "必须是 TIME 或 EVENT" }),
  timeZone: shortText(64).default("Asia/Shanghai"),
  utc: shortText(16).optional(),
  cronExpression: shortText(100).optional(),
  cronDesc: shortText(200).optional(),
  eventBearerToken: shortText(200).optional(),
  eventArgs: z.array(argSchema).max(50).default([]),
  componentType: z.enum(["PLUGIN", "WORKFLOW"], { error: "必须是 PLUGIN 或 WORKFLOW" }),
  componentId: id(),
  componentName: shortText(64).optional(),
  argBindConfigs: z.array(argSchema).max(50).default([]),
});

export const bindSchemas = {
  Model: modelBindSchema,
  Plugin: toolBindSchema,
  Workflow: toolBindSchema,
  Agent: toolBindSchema,
  Knowledge: knowledgeBindSchema,
  Table: tableBindSchema,
  Variable: variableBindSchema,
  Trigger: triggerBindSchema,
} as const;

export const guidQuestionSchema = z.object({
  type: z.enum(["Question", "Page", "Link"]).default("Question"),
  info: z.string().trim().min(1, "不能为空").max(200, "最多 200 个字符"),
  icon: safeUrl().nullable().optional(),
  url: requiredSafeUrl().nullable().optional(),
});

export const agentTemplates = ["template-1", "template-2", "template-3", "template-4"] as const;

export const addAgentInput = z.object({
  spaceId: id(),
  name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
  description: shortText(500).default(""),
  icon: safeUrl().default(""),
  template: z.enum(agentTemplates, { error: "模板不存在" }).optional(),
});

export const updateAgentInput = z.object({
  id: id(),
  name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符").optional(),
  description: shortText(500).optional(),
  icon: safeUrl().optional(),
  systemPrompt: z.string().max(20_000, "最多 20000 个字符").optional(),
  userPrompt: z.string().max(20_000, "最多 20000 个字符").optional(),
  openSuggest: z.enum(openClose).optional(),
  suggestPrompt: z.string().max(5000, "最多 5000 个字符").optional(),
  openingChatMsg: z.string().max(5000, "最多 5000 个字符").optional(),
  openingGuidQuestions: z.array(z.string().trim().min(1).max(200)).max(10, "最多 10 个").optional(),
  guidQuestionDtos: z.array(guidQuestionSchema).max(10, "最多 10 个").optional(),
  openLongMemory: z.enum(openClose).optional(),
  openScheduledTask: z.enum(openClose).optional(),
  openFileBox: z.enum(openClose).optional(),
  shortcutInstructions: z
    .array(
      z.object({
        name: z.string().trim().min(1, "不能为空").max(32),
        content: z.string().trim().min(1, "不能为空").max(2000),
      }),
    )
    .max(20, "最多 20 个")
    .optional(),
});

export const agentListQuery = z.object({
  status: z
    .enum(["All", "Published", "Recently_Open"], { error: "必须是 All、Published 或 Recently_Open" })
    .default("All"),
  creator: z.enum(["All_Person", "Me"], { error: "必须是 All_Person 或 Me" }).default("All_Person"),
  kw: shortText(64).optional(),
});
export const agentPageInput = agentListQuery.extend({
  spaceId: id(),
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const componentAddInput = z.object({
  agentId: id(),
  type: z.enum(componentTypes, { error: "不是支持的组件类型" }),
  targetId: z.coerce.number().int().min(-1).max(2_147_483_647).default(-1),
  bindConfig: z.record(z.string(), z.unknown()).optional(),
});

export const componentUpdateInput = z.object({
  id: id(),
  targetId: z.number().int().positive().optional(),
  name: z.string().trim().min(1, "不能为空").max(64).optional(),
  icon: safeUrl().optional(),
  description: shortText(500).optional(),
  exceptionOut: flag01.optional(),
  fallbackMsg: shortText(1000).optional(),
  bindConfig: z.record(z.string(), z.unknown()),
});

export type AddAgentInput = z.infer<typeof addAgentInput>;
export type UpdateAgentInput = z.infer<typeof updateAgentInput>;
export type AgentListQuery = z.infer<typeof agentListQuery>;
export type AgentPageInput = z.infer<typeof agentPageInput>;
export type ComponentAddInput = z.infer<typeof componentAddInput>;
export type ComponentUpdateInput = z.infer<typeof componentUpdateInput>;
export type ComponentType = ComponentAddInput["type"];
export type ModelBind = z.infer<typeof modelBindSchema>;
