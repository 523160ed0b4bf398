import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField, required } from "#app/lib/forms";
import type { endpoints, ResponseOf } from "#contract/api";
import { agentApplyInput } from "#contract/api/publish";
import { publishScopes } from "#contract/enums";

const rules = agentApplyInput.shape;

/** The publish page's forms, one per `intent`; the apply form takes the contract's rules (contract/api/publish.ts). */
export const publishSchemas = {
  apply: z.object({
    intent: z.literal("apply"),
    scope: z.enum(publishScopes, { error: "请选择发布范围" }),
    category: required("请选择分类", rules.category.unwrap()),
    remark: rules.remark.unwrap().optional(),
    allowCopy: z.boolean().optional(),
  }),
  offShelf: z.object({ intent: z.literal("offShelf"), publishId: idField() }),
};

export type PublishIntent = keyof typeof publishSchemas;

export const isPublishIntent = (value: unknown): value is PublishIntent =>
  typeof value === "string" && Object.hasOwn(publishSchemas, value);

export interface PublishReply {
  intent: PublishIntent;
  result: SubmissionResult<string[]>;
}

export type AgentInfo = ResponseOf<typeof endpoints.agent.get>;
export type PublishItem = ResponseOf<typeof endpoints.publish.itemList>[number];
