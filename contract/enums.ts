/**
 * Every enumeration of the wire contract, once. The database schema, the server's validation and the web's labels
 * and forms all read these lists.
 */
export const publishStatuses = ["Developing", "Applying", "Published", "Rejected"] as const;
export const openClose = ["Open", "Close"] as const;
export const componentTypes = [
  "Plugin",
  "Workflow",
  "Trigger",
  "Knowledge",
  "Variable",
  "Table",
  "Model",
  "Agent",
] as const;
export type ComponentType = (typeof componentTypes)[number];
export const historyKinds = [
  "Add",
  "Edit",
  "Publish",
  "PublishApply",
  "PublishApplyReject",
  "OffShelf",
  "AddComponent",
  "EditComponent",
  "DeleteComponent",
  "AddNode",
  "EditNode",
  "DeleteNode",
] as const;
export type HistoryKind = (typeof historyKinds)[number];
export const relationKinds = ["Edit", "Collect", "DevCollect", "Like", "Conversation"] as const;

export const publishTargetTypes = ["Agent", "Plugin", "Workflow"] as const;
export type PublishTargetType = (typeof publishTargetTypes)[number];
export const publishScopes = ["Space", "Tenant"] as const;
export const applyStatuses = ["Applying", "Published", "Rejected"] as const;
export const notifyScopes = ["Broadcast", "Private", "System"] as const;

export const modelTypes = ["Completions", "Chat", "Edits", "Images", "Embeddings", "Multi", "Audio", "Other"] as const;
export const modelProtocols = ["OpenAI", "Anthropic", "Ollama", "Zhipu", "Builtin"] as const;
export const modelScopes = ["Space", "Tenant", "Global"] as const;
export const functionCallModes = ["Unsupported", "CallSupported", "StreamCallSupported"] as const;

export const userRoles = ["Admin", "User"] as const;
export const userStatuses = ["Enabled", "Disabled", "Deleted"] as const;
export const verifyCodeTypes = ["LOGIN_OR_REGISTER", "RESET_PASSWORD", "BIND_EMAIL"] as const;

export const spaceTypes = ["Personal", "Team", "Class"] as const;
export const spaceRoles = ["Owner", "Admin", "User"] as const;

export const conversationTypes = ["Chat", "TempChat", "TASK"] as const;
export const messageStatuses = ["complete", "incomplete", "error", "interrupted"] as const;
export const runStatuses = ["EXECUTING", "FINISHED", "FAILED", "CANCEL"] as const;

export const invokeTypes = ["AUTO", "ON_DEMAND", "MANUAL", "MANUAL_ON_DEMAND"] as const;
export const modelModes = ["Precision", "Balanced", "Creative", "Customization"] as const;
export const searchStrategies = ["SEMANTIC", "MIXED", "FULL_TEXT"] as const;
export const variableInputTypes = [
  "Text",
  "Paragraph",
  "Number",
  "Select",
  "MultipleSelect",
  "AutoRecognition",
] as const;

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
] as const;
const scalarTypes = ["String", "Integer", "Number", "Boolean", "Object", "File", ...fileKinds.map((k) => `File_${k}`)];
/** The argument data types of plugins, workflows, tables and variables: scalars and their Array_ forms. */
export const dataTypes = [...scalarTypes, ...scalarTypes.map((t) => `Array_${t}`)] as [string, ...string[]];
