import { argSchema } from "../args";
import { componentTypes, historyKinds, openClose, publishStatuses, publishTargetTypes } from "../enums";
import { pageSchema } from "../page";
import { flag01, z } from "../zod";
import { spaceDto } from "./space";
import { creatorInfoSchema, guidQuestionDto, statisticsSchema } from "./views";

/** What the agent endpoints answer (the request schemas are in agent.ts). */

const when = z.iso.datetime({ offset: true });

/** A component on an agent; `bindConfig` is its kind's settings (component-kind descriptors in contract/components). */
export const componentDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  agentId: z.number().int(),
  spaceId: z.number().int(),
  type: z.enum(componentTypes),
  targetId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  bindConfig: z.record(z.string(), z.unknown()),
  exceptionOut: z.number().int(),
  fallbackMsg: z.string(),
  /**
   * The original client's snapshot of the target's own config and the target's group (MCP tools): the editor reads
   * the target's current config from its own endpoint here, so these are null.
   */
  targetConfig: z.null(),
  groupName: z.string().nullable(),
  groupDescription: z.string().nullable(),
  created: when,
  modified: when,
});

export const agentPermissions = ["Copy", "Transfer", "Delete", "Publish", "TempChat", "AgentApi", "Export"] as const;

/** An agent as its developers see it; lists carry no components (`null`), a single agent carries them all. */
export const agentDto = z.object({
  id: z.number().int(),
  uid: z.string(),
  tenantId: z.number().int(),
  spaceId: z.number().int(),
  creatorId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  systemPrompt: z.string(),
  userPrompt: z.string(),
  openSuggest: z.enum(openClose),
  suggestPrompt: z.string(),
  openingChatMsg: z.string(),
  openingGuidQuestions: z.array(z.string()),
  guidQuestionDtos: z.array(guidQuestionDto),
  openLongMemory: z.enum(openClose),
  openScheduledTask: z.enum(openClose),
  openFileBox: z.enum(openClose),
  shortcutInstructions: z.array(z.object({ name: z.string(), content: z.string() })),
  publishStatus: z.enum(publishStatuses),
  publishDate: when.nullable(),
  created: when,
  modified: when,
  creator: creatorInfoSchema,
  agentStatistics: statisticsSchema,
  modelComponentConfig: componentDto.nullable(),
  agentComponentConfigList: z.array(componentDto).nullable(),
  permissions: z.array(z.enum(agentPermissions)),
  devCollected: z.boolean(),
  collected: z.boolean(),
  liked: z.boolean(),
  /** The caller's debug conversation with the agent (created on the first read of one agent; lists leave it null). */
  devConversationId: z.number().int().nullable(),
  space: spaceDto.nullable(),
  /** Who published the live publication, its note and category; null while unpublished. */
  publishUser: creatorInfoSchema,
  publishRemark: z.string().nullable(),
  category: z.string().nullable(),
  /** Page-area flags of the original client; agents here have no pages, so the chat area is always shown. */
  expandPageArea: flag01,
  hideChatArea: flag01,
  pageHomeIndex: z.string().nullable(),
});
export type AgentDto = z.infer<typeof agentDto>;
export type ComponentDto = z.infer<typeof componentDto>;
export type AgentPermission = (typeof agentPermissions)[number];

/** An agent's whole configuration as history entries and publications keep it. */
export const agentSnapshotDto = agentDto
  .pick({
    name: true,
    description: true,
    icon: true,
    systemPrompt: true,
    userPrompt: true,
    openSuggest: true,
    suggestPrompt: true,
    openingChatMsg: true,
    guidQuestionDtos: true,
    openLongMemory: true,
    openScheduledTask: true,
    openFileBox: true,
    shortcutInstructions: true,
  })
  .extend({
    components: z.array(
      componentDto.pick({
        id: true,
        type: true,
        targetId: true,
        name: true,
        icon: true,
        description: true,
        bindConfig: true,
        exceptionOut: true,
        fallbackMsg: true,
      }),
    ),
  });
export type AgentSnapshot = z.infer<typeof agentSnapshotDto>;

export const agentPageDto = pageSchema(agentDto);

/** One entry of an agent's configuration history; `config` is the agent's snapshot at that point. */
export const historyEntryDto = z.object({
  id: z.number().int(),
  targetType: z.enum(publishTargetTypes),
  targetId: z.number().int(),
  type: z.enum(historyKinds),
  config: z.record(z.string(), z.unknown()),
  description: z.string(),
  opUser: creatorInfoSchema,
  created: when,
  modified: when,
});

/** The system variables and the agent's own, as prompts may reference them. */
export const variableListDto = z.array(argSchema);

/** A card of the home page's lists (最近使用, 最近编辑, 我的收藏, 开发收藏). */
export const homeItemDto = z.object({
  targetType: z.literal("Agent"),
  targetId: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  publishStatus: z.enum(publishStatuses),
  statistics: statisticsSchema,
  publishUser: creatorInfoSchema,
  collect: z.boolean(),
  lastConversationId: z.number().int().nullable(),
  modified: when,
});
export const homeCategoryTypes = ["Recently_Used", "Recently_Edited", "Collected", "Dev_Collected"] as const;
export const homeListDto = z.object({
  categories: z.array(z.object({ type: z.enum(homeCategoryTypes), name: z.string() })),
  categoryItems: z.partialRecord(z.enum(homeCategoryTypes), z.array(homeItemDto)),
});
