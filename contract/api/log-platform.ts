import { messageStatuses } from "../enums";
import { pageSchema } from "../page";
import { id, z } from "../zod";
import { endpoint } from "./endpoint";

/**
 * The original web client's agent log (its 日志 page, `/space/:spaceId/:agentId/log`): one record per request — a
 * user's question and the agent's answer — from the same conversations our own 日志 lists (agent-export.ts), in the
 * original's `logInfo` shape. For the agent's developers only, as our log is.
 */

/** The log form sends "" for a cleared box: read as not given. */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v), schema.optional());

/** An id the form lets people type: matched as text, so "abc" finds nothing instead of being refused. */
const typedId = blankless(z.union([z.string().trim().max(64, "最多 64 个字符"), z.number().int()]));

/** Keywords that must all occur (the form splits its box on spaces). */
const keywords = blankless(
  z.array(z.string().trim().min(1, "不能为空").max(200, "最多 200 个字符")).max(20, "最多 20 个关键词"),
);

const when = blankless(z.iso.datetime({ offset: true, error: "必须是 ISO 时间" }));

/** The original's LogQueryFilter; its `tenantId` and `spaceId` are left out: the agent decides both. */
export const agentLogFilter = z.object({
  agentId: id(),
  requestId: blankless(z.string().trim().max(64, "最多 64 个字符")),
  messageId: typedId,
  conversationId: typedId,
  userUid: blankless(z.string().trim().max(128, "最多 128 个字符")),
  userInput: keywords,
  output: keywords,
  startTime: when,
  endTime: when,
});
export type AgentLogFilter = z.infer<typeof agentLogFilter>;

export const agentLogListInput = z.object({
  queryFilter: agentLogFilter,
  current: z.coerce.number().int().min(1, "必须是正整数").max(100_000, "超出范围").default(1),
  pageSize: z.coerce.number().int().min(1, "必须在 1 到 100 之间").max(100, "必须在 1 到 100 之间").default(10),
});
export type AgentLogListInput = z.infer<typeof agentLogListInput>;

export const agentLogDetailInput = z.object({
  requestId: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
  agentId: id(),
});

const at = z.iso.datetime({ offset: true });

/** The original's `logInfo`: ids as text, as its log store kept them. */
export const agentLogDto = z.object({
  requestId: z.string(),
  messageId: z.string(),
  agentId: z.string(),
  conversationId: z.string(),
  userUid: z.string(),
  tenantId: z.string(),
  spaceId: z.string(),
  userInput: z.string(),
  output: z.string(),
  /** The answer's final result as JSON text (what the chat stream's FINAL_RESULT carried); "" while it runs. */
  executeResult: z.string(),
  inputToken: z.number().int().nonnegative(),
  outputToken: z.number().int().nonnegative(),
  requestStartTime: at,
  requestEndTime: at,
  elapsedTimeMs: z.number().int().nonnegative(),
  /** Always "Agent": a record is the agent's whole answer; its tool calls are inside executeResult. */
  nodeType: z.literal("Agent"),
  status: z.enum(messageStatuses),
  /** The agent's name. */
  nodeName: z.string(),
  createdAt: at,
  updatedAt: at,
  userId: z.number().int(),
  userName: z.string(),
});
export type AgentLogDto = z.infer<typeof agentLogDto>;

export const logPlatform = {
  /** The agent's requests, newest first. */
  agentList: endpoint({
    method: "POST",
    path: "/api/logPlatform/agent/list",
    body: agentLogListInput,
    response: pageSchema(agentLogDto),
  }),
  /** One request of the agent's log. */
  agentDetail: endpoint({
    method: "POST",
    path: "/api/logPlatform/agent/detail",
    body: agentLogDetailInput,
    response: agentLogDto,
  }),
};
