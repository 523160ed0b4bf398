import { argSchema, dataTypeSchema } from "./args";
import { type ComponentKindFacts, componentKindFacts, publishableKinds } from "./component-kinds";
import {
  type ComponentType,
  componentTypes,
  invokeTypes,
  modelModes,
  searchStrategies,
  variableInputTypes,
} from "./enums";
import { flag01, id, shortText, z } from "./zod";

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

export const modelBindSchema = z.object({
  mode: z.enum(modelModes, { error: "必须是 Precision、Balanced、Creative 或 Customization" }).default("Balanced"),
  temperature: z.number().min(0, "不能小于 0").max(2, "不能大于 2").default(1),
  topP: z.number().min(0, "不能小于 0").max(1, "不能大于 1").default(0.7),
  maxTokens: z.number().int("必须是整数").min(1, "至少为 1").max(1_000_000, "最多 1000000").default(4096),
  contextRounds: z.number().int("必须是整数").min(0, "不能小于 0").max(100, "不能大于 100").default(3),
  reasoningModelId: z.number().int().positive().nullable().default(null),
});
export type ModelBind = z.infer<typeof modelBindSchema>;

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
  searchStrategy: z.enum(searchStrategies, { error: "必须是 SEMANTIC、MIXED 或 FULL_TEXT" }).default("MIXED"),
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

/** A variable's default value as a person types it (the form's text; lists and objects are its JSON). */
export const variableDefaultText = shortText(2000);
const defaultFits = (v: unknown) =>
  v === undefined || variableDefaultText.safeParse(typeof v === "string" ? v : JSON.stringify(v)).success;

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
  bindValue: z.unknown().refine(defaultFits, "默认值最多 2000 个字符").optional(),
});
export type Variable = z.infer<typeof variableSchema>;
export const variableBindSchema = z.object({ variables: z.array(variableSchema).max(50, "最多 50 个变量") });

/**
 * One target input of a trigger (issue 15): `Input` — `bindValue` is the literal; `Reference` — the name of a webhook
 * argument (EVENT). `dataType` and the rest are optional, kept when an editor sends the target's whole arg.
 */
export const triggerArgBindSchema = z.object({
  name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
  bindValueType: z.enum(["Input", "Reference"], { error: "必须是 Input 或 Reference" }).default("Input"),
  bindValue: z.unknown().optional(),
  dataType: dataTypeSchema.optional(),
  displayName: shortText(64).optional(),
  description: shortText(500).optional(),
  require: z.boolean().optional(),
});

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
  argBindConfigs: z.array(triggerArgBindSchema).max(50).default([]),
});

/** What every place that deals with one kind of agent component needs to know about it. */
export interface ComponentKind<S extends z.ZodType = z.ZodType, T extends ComponentType = ComponentType>
  extends ComponentKindFacts<T> {
  /** The component's settings on an agent, with defaults. */
  bindSchema: S;
}

const kind = <S extends z.ZodType, T extends ComponentType>(
  facts: ComponentKindFacts<T>,
  bindSchema: S,
): ComponentKind<S, T> => ({ ...facts, bindSchema });

/**
 * The component-kind registry: one descriptor per kind (its facts from component-kinds.ts and its settings). The
 * server's registry (server/modules/component/kinds.ts) adds each kind's resolver, tool factory and publish
 * adapter; the web reads labels and icons from component-kinds.ts and settings forms here.
 */
export const componentKinds = {
  Plugin: kind(componentKindFacts.Plugin, toolBindSchema),
  Workflow: kind(componentKindFacts.Workflow, toolBindSchema),
  Trigger: kind(componentKindFacts.Trigger, triggerBindSchema),
  Knowledge: kind(componentKindFacts.Knowledge, knowledgeBindSchema),
  Variable: kind(componentKindFacts.Variable, variableBindSchema),
  Table: kind(componentKindFacts.Table, tableBindSchema),
  Model: kind(componentKindFacts.Model, modelBindSchema),
  Agent: kind(componentKindFacts.Agent, toolBindSchema),
} satisfies { [K in ComponentType]: { type: K } };

export const componentTypeSchema = z.enum(componentTypes, { error: "不是支持的组件类型" });

export { publishableKinds };

/** What a member may do with a plugin or workflow besides using it (agents have their own, longer list). */
export const componentPermissions = ["Copy", "Delete", "Publish"] as const;
export type ComponentPermission = (typeof componentPermissions)[number];
