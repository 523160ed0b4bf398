import { componentTypes, openClose } from "../enums";
import { pageSchema } from "../page";
import { id, z } from "../zod";
import { guidQuestionSchema, MAX_GUID_QUESTIONS, MAX_SHORTCUTS, shortcutSchema, updateAgentInput } from "./agent";
import { messageDto } from "./conversation";
import { endpoint } from "./endpoint";
import { creatorInfoSchema } from "./views";

/**
 * Agent configuration files (导出配置 / 导入配置) and the agent's conversation log (日志).
 *
 * The file is JSON: the agent's own settings and its components. Components point at plugins, workflows,
 * knowledge bases, tables and models by id and name; their definitions and data are not in the file (decision
 * 0016). Importing creates a new agent in the chosen space; a component whose target that space cannot use is
 * skipped and named in the result, and a model the space cannot use is replaced by the tenant's default model.
 */

export const AGENT_FILE_KIND = "agent-config";
export const AGENT_FILE_VERSION = 1;
/** The largest configuration file accepted (a real agent's file is a few kilobytes). */
export const AGENT_FILE_MAX_BYTES = 512 * 1024;
export const MAX_FILE_COMPONENTS = 100;

const agentSettings = z.object({
  name: updateAgentInput.shape.name.unwrap(),
  description: updateAgentInput.shape.description.unwrap().default(""),
  icon: updateAgentInput.shape.icon.unwrap().default(""),
  systemPrompt: updateAgentInput.shape.systemPrompt.unwrap().default(""),
  userPrompt: updateAgentInput.shape.userPrompt.unwrap().default(""),
  openSuggest: z.enum(openClose).default("Close"),
  suggestPrompt: updateAgentInput.shape.suggestPrompt.unwrap().default(""),
  openingChatMsg: updateAgentInput.shape.openingChatMsg.unwrap().default(""),
  guidQuestionDtos: z.array(guidQuestionSchema).max(MAX_GUID_QUESTIONS, `最多 ${MAX_GUID_QUESTIONS} 个`).default([]),
  openLongMemory: z.enum(openClose).default("Close"),
  openScheduledTask: z.enum(openClose).default("Close"),
  openFileBox: z.enum(openClose).default("Close"),
  shortcutInstructions: z.array(shortcutSchema).max(MAX_SHORTCUTS, `最多 ${MAX_SHORTCUTS} 个`).default([]),
});

const fileComponent = z.object({
  type: z.enum(componentTypes, { error: "不是支持的组件类型" }),
  /** The plugin, workflow, knowledge base, table or model it points at (-1 for variables and triggers). */
  targetId: z.number().int().min(-1).max(2_147_483_647),
  name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
  icon: z.string().max(2000).default(""),
  description: z.string().max(500, "最多 500 个字符").default(""),
  bindConfig: z.record(z.string(), z.unknown()).default({}),
  exceptionOut: z.union([z.literal(0), z.literal(1)]).default(0),
  fallbackMsg: z.string().max(2000).nullable().default(null),
});

/** The file 导出配置 writes and 导入配置 reads. */
export const agentFileSchema = z.object({
  kind: z.literal(AGENT_FILE_KIND, { error: "不是智能体配置文件" }),
  version: z.literal(AGENT_FILE_VERSION, { error: `只支持第 ${AGENT_FILE_VERSION} 版的配置文件` }),
  exportedAt: z.string().max(64).optional(),
  agent: agentSettings,
  components: z.array(fileComponent).max(MAX_FILE_COMPONENTS, `最多 ${MAX_FILE_COMPONENTS} 个组件`).default([]),
});
export type AgentFile = z.infer<typeof agentFileSchema>;
export type AgentFileInput = z.input<typeof agentFileSchema>;

const componentNote = z.object({ type: z.enum(componentTypes), name: z.string() });
export const importResultDto = z.object({
  agentId: z.number().int(),
  name: z.string(),
  imported: z.array(componentNote),
  /** Components left out, each with the reason in Chinese. */
  skipped: z.array(componentNote.extend({ reason: z.string() })),
  /** Other changes the import made (a model swapped for the default one). */
  notes: z.array(z.string()),
});
export type ImportResultDto = z.infer<typeof importResultDto>;

export const logPageInput = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Only this user's conversations. */
  userId: id().optional(),
});

/** One conversation in the agent's log: who, when, how much, and its first question. */
export const logConversationDto = z.object({
  id: z.number().int(),
  topic: z.string(),
  user: creatorInfoSchema,
  messageCount: z.number().int().nonnegative(),
  firstMessage: z.string(),
  /** Reached through a temporary link (the user is then the link's owner). */
  viaTempLink: z.boolean(),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});
export type LogConversationDto = z.infer<typeof logConversationDto>;

export const logMessagesInput = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const agentExport = {
  /** The configuration file itself (Content-Disposition attachment), not an envelope; needs `Export`. */
  export: endpoint({ method: "GET", path: "/api/agent/export/:agentId", file: true }),
  /** multipart/form-data with `file` (the JSON written by export, at most 512 KB): a new agent in the space. */
  import: endpoint({ method: "POST", path: "/api/agent/import/:spaceId", response: importResultDto }),
  /** The agent's conversations by all its users (not the editor's debug chats), newest first; developers only. */
  logConversations: endpoint({
    method: "POST",
    path: "/api/agent/log/:agentId/conversations",
    body: logPageInput,
    response: pageSchema(logConversationDto),
  }),
  /** One logged conversation's messages in order, oldest first. */
  logMessages: endpoint({
    method: "POST",
    path: "/api/agent/log/:agentId/conversation/:conversationId",
    body: logMessagesInput,
    response: pageSchema(messageDto),
  }),
};
