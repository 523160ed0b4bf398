import { applyStatuses, publishScopes, publishTargetTypes, userRoles } from "../enums";
import { pageSchema } from "../page";
import { pluginTypes } from "../plugin";
import { z } from "../zod";
import { creatorInfoSchema, statisticsSchema } from "./views";

/** What the publish endpoints answer (the request schemas are in publish.ts). */

const when = z.iso.datetime({ offset: true });

/** One scope of a target's publishing: an open application (publishId null) or a live publication. */
export const publishItemDto = z.object({
  publishId: z.number().int().nullable(),
  publishStatus: z.enum(applyStatuses),
  scope: z.enum(publishScopes),
  spaceId: z.number().int().nullable(),
  allowCopy: z.number().int(),
  onlyTemplate: z.number().int(),
  category: z.string(),
  publishDate: when,
  description: z.string(),
  reason: z.string(),
  publishUser: creatorInfoSchema,
});

/** A card of the agent square, with the agent's figures and the caller's favourite and like. */
export const squareAgentDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  spaceId: z.number().int(),
  targetType: z.enum(publishTargetTypes),
  targetId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  remark: z.string(),
  scope: z.enum(publishScopes),
  category: z.string(),
  allowCopy: z.number().int(),
  statistics: statisticsSchema,
  collect: z.boolean(),
  liked: z.boolean(),
  /** The original's square item names it for every kind; only a plugin has one. */
  pluginType: z.null(),
  publishUser: creatorInfoSchema,
  created: when,
  modified: when,
});

/** An application in the audit list. */
export const applyRecordDto = z.object({
  id: z.number().int(),
  targetType: z.enum(publishTargetTypes),
  targetId: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  remark: z.string(),
  scope: z.enum(publishScopes),
  category: z.string(),
  publishStatus: z.enum(applyStatuses),
  reason: z.string(),
  /** HTTP or CODE for a plugin's application (the audit list labels it), null for other kinds. */
  pluginType: z.enum(pluginTypes).nullable(),
  created: when,
  applyUser: z
    .object({
      userId: z.number().int(),
      userName: z.string(),
      nickName: z.string().nullable(),
      role: z.enum(userRoles),
    })
    .nullable(),
});

/** One application with the snapshot it asks to publish (`config`, the kind's own shape). */
export const applyDetailDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  spaceId: z.number().int(),
  applyUserId: z.number().int(),
  targetType: z.enum(publishTargetTypes),
  targetId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  remark: z.string(),
  config: z.record(z.string(), z.unknown()),
  scope: z.enum(publishScopes),
  publishSpaceId: z.number().int().nullable(),
  category: z.string(),
  allowCopy: z.number().int(),
  onlyTemplate: z.number().int(),
  status: z.enum(applyStatuses),
  reason: z.string(),
  auditUserId: z.number().int().nullable(),
  auditTime: when.nullable(),
  created: when,
  modified: when,
});

/** A live publication in 已发布管理. */
export const publishedRecordDto = z.object({
  id: z.number().int(),
  targetType: z.enum(publishTargetTypes),
  targetId: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  remark: z.string(),
  scope: z.enum(publishScopes),
  category: z.string(),
  allowCopy: z.number().int(),
  publishUser: creatorInfoSchema,
  created: when,
});

export const squareAgentPage = pageSchema(squareAgentDto);
export const applyPage = pageSchema(applyRecordDto);
export const publishedPage = pageSchema(publishedRecordDto);
