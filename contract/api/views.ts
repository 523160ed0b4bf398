import { variableSchema } from "../components";
import { componentTypes, openClose, publishStatuses } from "../enums";
import { z } from "../zod";

/*
 * Answer shapes shared by several endpoints (an agent's figures, who made it, how chat users see it). This file
 * imports no endpoint table, so any of them (agent.ts included) may import it without a cycle.
 */

/** An opening question, or a link or page row, as stored (the request rules are agent.ts's guidQuestionSchema). */
export const guidQuestionDto = z.object({
  type: z.enum(["Question", "Page", "Link"]),
  info: z.string(),
  icon: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
});

/** An agent's counters (original AgentStatisticsInfo), with the agent's id as `targetId`. */
export const statisticsSchema = z.object({
  userCount: z.number(),
  convCount: z.number(),
  collectCount: z.number(),
  likeCount: z.number(),
  referenceCount: z.number(),
  callCount: z.number(),
  failCallCount: z.number(),
  totalCallDuration: z.number(),
  targetId: z.number().int(),
});

/** Who created or published something; null when the account is gone. */
export const creatorInfoSchema = z
  .object({
    userId: z.number().int(),
    userName: z.string(),
    nickName: z.string().nullable(),
    avatar: z.string().nullable(),
  })
  .nullable();

/** An agent as chat users see it (AgentDetailDto): the published configuration when there is one. */
export const agentDetailDto = z.object({
  agentId: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  publishStatus: z.enum(publishStatuses),
  publishDate: z.iso.datetime({ offset: true }).nullable(),
  publishId: z.number().int().nullable(),
  remark: z.string().nullable(),
  category: z.string().nullable(),
  allowCopy: z.number().int(),
  statistics: statisticsSchema,
  publishUser: creatorInfoSchema,
  openSuggest: z.enum(openClose),
  openingChatMsg: z.string(),
  openingGuidQuestions: z.array(z.string()),
  guidQuestionDtos: z.array(guidQuestionDto),
  openScheduledTask: z.enum(openClose),
  /** 文件盒: whether the chat offers attachments (the chat stream refuses files when it is off). */
  openFileBox: z.enum(openClose),
  variables: z.array(variableSchema),
  manualComponents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      icon: z.string(),
      description: z.string(),
      type: z.enum(componentTypes),
      defaultSelected: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
  collect: z.boolean(),
  liked: z.boolean(),
  /** The caller's conversation with the agent when asked for (`withConversationId=true`), else null. */
  conversationId: z.number().int().nullable(),
  /** The agent's details page, absolute when the site URL is configured. */
  shareLink: z.string(),
  /** Page-area flags of the original client; agents here have no pages, so the chat area is always shown. */
  expandPageArea: z.union([z.literal(0), z.literal(1)]),
  hideChatArea: z.union([z.literal(0), z.literal(1)]),
  pageHomeIndex: z.string().nullable(),
});
export type AgentDetailDto = z.infer<typeof agentDetailDto>;
