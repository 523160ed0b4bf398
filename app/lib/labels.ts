import type { AgentDto } from "#contract/api/agent-dto";
import type { UserDto } from "#contract/api/auth-dto";
import type { ModelDto } from "#contract/api/model-dto";
import type { MessageListInput, SendMessageInput } from "#contract/api/notify";
import type { ApplyInput } from "#contract/api/publish";
import type { SpaceDto } from "#contract/api/space";
import type { DataType } from "#contract/args";
import { componentKindFacts, publishableKinds } from "#contract/component-kinds";
import type { ModelBind } from "#contract/components";
import type { ComponentType, HistoryKind, variableInputTypes } from "#contract/enums";

/** Every enum value the UI shows, mapped to its Chinese label in one place (reference Appendix A). */

export type SpaceRole = NonNullable<SpaceDto["currentUserRole"]>;
export type SpaceType = SpaceDto["type"];
export type SystemRole = UserDto["role"];
export type UserStatus = UserDto["status"];

export const spaceRoleLabels: Record<SpaceRole, string> = {
  Owner: "创建人",
  Admin: "管理员",
  User: "成员",
};

export const spaceTypeLabels: Record<SpaceType, string> = {
  Personal: "个人空间",
  Team: "团队空间",
  Class: "班级空间",
};

export const systemRoleLabels: Record<SystemRole, string> = {
  Admin: "管理员",
  User: "普通用户",
};

export const userStatusLabels: Record<UserStatus, string> = {
  Enabled: "启用",
  Disabled: "禁用",
  Deleted: "已删除",
};

/** Roles that can be granted when adding a member or changing a role; ownership moves only by transfer. */
export const grantableRoles = ["User", "Admin"] as const satisfies readonly SpaceRole[];
export const grantableRoleOptions = grantableRoles.map((value) => ({ value, label: spaceRoleLabels[value] }));

export type PublishStatus = AgentDto["publishStatus"];
export type PublishScope = ApplyInput["items"][number]["scope"];
export type PublishTargetType = ApplyInput["targetType"];

/** An agent's (or a publish record's) state, as the builder reads it. */
export const publishStatusLabels: Record<PublishStatus, string> = {
  Developing: "开发中",
  Applying: "审核中",
  Published: "已发布",
  Rejected: "已拒绝",
};

/** The same states as the auditor reads them in 发布审核. */
export const auditStatusLabels: Record<Exclude<PublishStatus, "Developing">, string> = {
  Applying: "待审核",
  Published: "通过",
  Rejected: "拒绝",
};

export const publishScopeLabels: Record<PublishScope, string> = {
  Space: "本空间",
  Tenant: "广场",
};

export const publishTargetLabels = Object.fromEntries(
  publishableKinds.map((type) => [type, componentKindFacts[type].label]),
) as Record<PublishTargetType, string>;

export const readStatusLabels: Record<MessageListInput["readStatus"], string> = {
  All: "全部",
  Unread: "未读",
  Read: "已读",
};

export const notifyScopeLabels: Record<SendMessageInput["scope"], string> = {
  Broadcast: "全员消息",
  Private: "私信",
  System: "系统通知",
};

/* Agents, their components and history (reference Appendix A "Agents and components"). */

export type AgentComponentType = ComponentType;
export type ModelMode = ModelBind["mode"];
export type VariableInputType = (typeof variableInputTypes)[number];
export type { HistoryKind };

/** Badge colours of UI.md: 开发中 grey, 审核中 amber, 已发布 green, 已拒绝 red. */
export const publishStatusTones: Record<PublishStatus, "neutral" | "warning" | "success" | "danger"> = {
  Developing: "neutral",
  Applying: "warning",
  Published: "success",
  Rejected: "danger",
};

/** From the component-kind descriptors of the contract, so a new kind brings its own label. */
export const componentTypeLabels = Object.fromEntries(
  Object.values(componentKindFacts).map((k) => [k.type, k.label]),
) as Record<AgentComponentType, string>;

export const modelModeLabels: Record<ModelMode, string> = {
  Precision: "精确",
  Balanced: "平衡",
  Creative: "创意",
  Customization: "自定义",
};

export const variableInputTypeLabels: Record<VariableInputType, string> = {
  Text: "单行文本",
  Paragraph: "段落",
  Number: "数字",
  Select: "单选",
  MultipleSelect: "多选",
  AutoRecognition: "智能识别",
};

export const historyKindLabels: Record<HistoryKind, string> = {
  Add: "创建",
  Edit: "修改配置",
  Publish: "发布",
  PublishApply: "申请发布",
  PublishApplyReject: "发布被拒绝",
  OffShelf: "下架",
  AddComponent: "添加组件",
  EditComponent: "修改组件",
  DeleteComponent: "删除组件",
  AddNode: "添加节点",
  EditNode: "修改节点",
  DeleteNode: "删除节点",
};

/** The data types a variable is usually declared with (the backend accepts every File kind as well). */
export const variableDataTypeLabels = {
  String: "字符串 String",
  Integer: "整数 Integer",
  Number: "数字 Number",
  Boolean: "布尔 Boolean",
  Object: "对象 Object",
  File: "文件 File",
  Array_String: "字符串数组 Array<String>",
  Array_Integer: "整数数组 Array<Integer>",
  Array_Number: "数字数组 Array<Number>",
  Array_Boolean: "布尔数组 Array<Boolean>",
  Array_Object: "对象数组 Array<Object>",
  Array_File: "文件数组 Array<File>",
} as const satisfies Partial<Record<DataType, string>>;

/** List filters of the develop page and the component library (SPEC §2). */
export const listStatusLabels = { All: "全部", Published: "已发布", Recently_Open: "最近打开" } as const;
export const listCreatorLabels = { All_Person: "所有人", Me: "由我创建" } as const;
export type ListStatus = keyof typeof listStatusLabels;
export type ListCreator = keyof typeof listCreatorLabels;

export const libraryTypeLabels = {
  All_Type: "所有类型",
  Variable: componentKindFacts.Variable.label,
  Workflow: componentKindFacts.Workflow.label,
  Plugin: componentKindFacts.Plugin.label,
  Knowledge: componentKindFacts.Knowledge.label,
  Table: componentKindFacts.Table.label,
  Model: componentKindFacts.Model.label,
} as const;
export type LibraryType = keyof typeof libraryTypeLabels;

/** Options for a native <Select> from a label map, in the map's order. */
export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/* Models (reference Appendix A "Plugins, models, knowledge, tables"). */

export type ModelType = ModelDto["type"];
export type ModelProtocol = ModelDto["apiProtocol"];
export type FunctionCallMode = ModelDto["functionCall"];

export const modelTypeLabels: Record<ModelType, string> = {
  Chat: "对话模型",
  Embeddings: "向量模型",
  Multi: "多模态模型",
  Completions: "文本补全",
  Edits: "文本编辑",
  Images: "图像模型",
  Audio: "音频模型",
  Other: "其他",
};

export const modelProtocolLabels: Record<ModelProtocol, string> = {
  OpenAI: "OpenAI 兼容",
  Anthropic: "Anthropic",
  Ollama: "Ollama",
  Zhipu: "智谱",
  Builtin: "内置离线模型",
};

export const functionCallLabels: Record<FunctionCallMode, string> = {
  Unsupported: "不支持函数调用",
  CallSupported: "支持普通函数调用",
  StreamCallSupported: "支持流式函数调用",
};

/* Plugins (reference Appendix A "Plugins, models, knowledge, tables"). */

export const pluginTypeLabels = { HTTP: "HTTP 插件", CODE: "代码插件" } as const;
export const codeLanguageLabels = { JavaScript: "JavaScript", Python: "Python" } as const;
export const httpContentTypeLabels = {
  JSON: "JSON",
  FORM_DATA: "form-data",
  X_WWW_FORM_URLENCODED: "x-www-form-urlencoded",
  OTHER: "其他（纯文本）",
} as const;
export const httpArgLocationLabels = { Query: "Query", Body: "Body", Header: "Header", Path: "Path" } as const;

/* Knowledge bases (reference Appendix A "Plugins, models, knowledge, tables" and "Agents and components"). */

export const knowledgeInvokeTypeLabels = { AUTO: "自动调用", ON_DEMAND: "按需调用" } as const;
export const searchStrategyLabels = { SEMANTIC: "语义", FULL_TEXT: "全文", MIXED: "混合" } as const;
export const noneRecallReplyLabels = { DEFAULT: "默认", CUSTOM: "自定义" } as const;
export const segmentModeLabels = { WORDS: "按长度", DELIMITER: "按分隔符" } as const;
