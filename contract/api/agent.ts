import { type Arg, argSchema, type DataType, dataTypeSchema } from "../args";
import {
  cardBindSchema,
  componentKinds,
  knowledgeBindSchema,
  type ModelBind,
  modelBindSchema,
  tableBindSchema,
  toolBindSchema,
  triggerBindSchema,
  type Variable,
  variableBindSchema,
  variableDefaultText,
  variableSchema,
} from "../components";
import {
  componentTypes,
  dataTypes,
  invokeTypes,
  modelModes,
  openClose,
  publishStatuses,
  variableInputTypes,
} from "../enums";
import { pageSchema } from "../page";
import { requiredSafeUrl, safeUrl } from "../safe-url";
import { flag01, id, shortText, z } from "../zod";
import { agentDto, agentPageDto, componentDto, historyEntryDto, homeListDto, variableListDto } from "./agent-dto";
import { endpoint, nothing } from "./endpoint";
import { agentDetailDto } from "./views";

export {
  type Arg,
  argSchema,
  cardBindSchema,
  type DataType,
  dataTypeSchema,
  dataTypes,
  invokeTypes,
  knowledgeBindSchema,
  type ModelBind,
  modelBindSchema,
  modelModes,
  tableBindSchema,
  toolBindSchema,
  triggerBindSchema,
  type Variable,
  variableBindSchema,
  variableDefaultText,
  variableInputTypes,
  variableSchema,
};

/** Per-kind bind configs, from the component-kind descriptors in the contract (one source of truth). */
export const bindSchemas = Object.fromEntries(Object.values(componentKinds).map((k) => [k.type, k.bindSchema])) as {
  [K in keyof typeof componentKinds]: (typeof componentKinds)[K]["bindSchema"];
};

export const guidQuestionSchema = z.object({
  type: z.enum(["Question", "Page", "Link"]).default("Question"),
  info: z.string().trim().min(1, "不能为空").max(200, "最多 200 个字符"),
  icon: safeUrl().nullable().optional(),
  url: requiredSafeUrl().nullable().optional(),
});

/** How many opening questions and shortcut instructions an agent may have (the editor offers that many rows). */
export const MAX_GUID_QUESTIONS = 10;
export const MAX_SHORTCUTS = 20;

export const shortcutSchema = z.object({
  name: z.string().trim().min(1, "不能为空").max(32, "最多 32 个字符"),
  content: z.string().trim().min(1, "不能为空").max(2000, "最多 2000 个字符"),
});

export const agentTemplates = ["template-1", "template-2", "template-3", "template-4"] as const;
export type AgentTemplateKey = (typeof agentTemplates)[number];

/** What the create dialog shows of each starter template; the server's templates take their name from here. */
export const agentTemplateCards: Record<AgentTemplateKey, { name: string; description: string }> = {
  "template-1": { name: "空白智能体", description: "从零开始配置" },
  "template-2": { name: "写作助手", description: "帮你起草、润色和改写各类文稿" },
  "template-3": { name: "客服助手", description: "礼貌、准确地回答客户问题" },
  "template-4": { name: "学习伙伴", description: "用通俗的方式讲解知识并出题巩固" },
};

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
  openingGuidQuestions: z
    .array(guidQuestionSchema.shape.info)
    .max(MAX_GUID_QUESTIONS, `最多 ${MAX_GUID_QUESTIONS} 个`)
    .optional(),
  guidQuestionDtos: z.array(guidQuestionSchema).max(MAX_GUID_QUESTIONS, `最多 ${MAX_GUID_QUESTIONS} 个`).optional(),
  openLongMemory: z.enum(openClose).optional(),
  openScheduledTask: z.enum(openClose).optional(),
  openFileBox: z.enum(openClose).optional(),
  shortcutInstructions: z.array(shortcutSchema).max(MAX_SHORTCUTS, `最多 ${MAX_SHORTCUTS} 个`).optional(),
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

/** An agent in the user's related lists (used, edited, collected): the relation's own times. */
export const relatedAgentDto = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  agentId: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  publishStatus: z.enum(publishStatuses),
  lastConversationId: z.number().int().nullable(),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});

/** A card style for the chat side panel, with the arguments a bound tool's output fills in. */
export const cardDto = z.object({
  id: z.number().int(),
  cardKey: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  argList: z.array(z.object({ key: z.string(), placeholder: z.string() })),
});

const pageSize = z.object({ size: id() });
const pageAndSize = z.object({ page: id(), size: id() });

/** Component kinds whose settings have their own update path (/api/agent/component/<kind>/update). */
export const updatableComponentKinds = {
  plugin: "Plugin",
  workflow: "Workflow",
  table: "Table",
  variable: "Variable",
  model: "Model",
  knowledge: "Knowledge",
  trigger: "Trigger",
} as const;
const componentUpdate = <K extends keyof typeof updatableComponentKinds>(kind: K) =>
  endpoint({
    method: "POST",
    path: `/api/agent/component/${kind}/update`,
    body: componentUpdateInput,
    response: nothing,
  });

/** /api/agent/*, /api/user/agent/*, /api/home/*, /api/published/agent/:agentId: agents and the user's relations to them. */
/** `withConversationId=true`: the details page wants the caller's conversation with the agent (reused while empty). */
export const agentDetailQuery = z.object({
  withConversationId: z.stringbool({ error: "必须是 true 或 false" }).optional(),
});

export const agent = {
  add: endpoint({ method: "POST", path: "/api/agent/add", body: addAgentInput, response: z.number().int() }),
  list: endpoint({
    method: "GET",
    path: "/api/agent/list/:spaceId",
    query: agentListQuery,
    response: z.array(agentDto),
  }),
  page: endpoint({ method: "POST", path: "/api/agent/page", body: agentPageInput, response: agentPageDto }),
  cardList: endpoint({ method: "GET", path: "/api/agent/card/list", response: z.array(cardDto) }),
  configUpdate: endpoint({
    method: "POST",
    path: "/api/agent/config/update",
    body: updateAgentInput,
    response: nothing,
  }),
  history: endpoint({
    method: "GET",
    path: "/api/agent/config/history/list/:agentId",
    response: z.array(historyEntryDto),
  }),
  delete: endpoint({ method: "POST", path: "/api/agent/delete/:agentId", response: nothing }),
  copy: endpoint({ method: "POST", path: "/api/agent/copy/:agentId", response: z.number().int() }),
  copyTo: endpoint({ method: "POST", path: "/api/agent/copy/:agentId/:targetSpaceId", response: z.number().int() }),
  transfer: endpoint({ method: "POST", path: "/api/agent/transfer/:agentId/space/:targetSpaceId", response: nothing }),
  variables: endpoint({ method: "GET", path: "/api/agent/variable/list/:agentId", response: variableListDto }),
  componentAdd: endpoint({
    method: "POST",
    path: "/api/agent/component/add",
    body: componentAddInput,
    response: z.number().int(),
  }),
  componentDelete: endpoint({ method: "POST", path: "/api/agent/component/delete/:id", response: nothing }),
  componentList: endpoint({
    method: "GET",
    path: "/api/agent/component/list/:agentId",
    response: z.array(componentDto),
  }),
  pluginUpdate: componentUpdate("plugin"),
  workflowUpdate: componentUpdate("workflow"),
  tableUpdate: componentUpdate("table"),
  variableUpdate: componentUpdate("variable"),
  modelUpdate: componentUpdate("model"),
  knowledgeUpdate: componentUpdate("knowledge"),
  triggerUpdate: componentUpdate("trigger"),
  /** Registered last on the server (after the literal paths), so "add" and "page" are not taken for ids. */
  get: endpoint({ method: "GET", path: "/api/agent/:agentId", response: agentDto }),
  collect: endpoint({ method: "POST", path: "/api/user/agent/collect/:id", response: nothing }),
  unCollect: endpoint({ method: "POST", path: "/api/user/agent/unCollect/:id", response: nothing }),
  like: endpoint({ method: "POST", path: "/api/user/agent/like/:id", response: nothing }),
  unLike: endpoint({ method: "POST", path: "/api/user/agent/unLike/:id", response: nothing }),
  devCollect: endpoint({ method: "POST", path: "/api/user/agent/dev/collect/:id", response: nothing }),
  devUnCollect: endpoint({ method: "POST", path: "/api/user/agent/dev/unCollect/:id", response: nothing }),
  usedList: endpoint({
    method: "GET",
    path: "/api/user/agent/used/list/:size",
    params: pageSize,
    response: z.array(relatedAgentDto),
  }),
  editList: endpoint({
    method: "GET",
    path: "/api/user/agent/edit/list/:size",
    params: pageSize,
    response: z.array(relatedAgentDto),
  }),
  devCollectList: endpoint({
    method: "GET",
    path: "/api/user/agent/dev/collect/list/:page/:size",
    params: pageAndSize,
    response: z.array(relatedAgentDto),
  }),
  collectList: endpoint({
    method: "GET",
    path: "/api/user/agent/collect/list/:page/:size",
    params: pageAndSize,
    response: pageSchema(relatedAgentDto),
  }),
  home: endpoint({ method: "GET", path: "/api/home/list", response: homeListDto }),
  detail: endpoint({
    method: "GET",
    path: "/api/published/agent/:agentId",
    query: agentDetailQuery,
    response: agentDetailDto,
  }),
};
