import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { getAgent } from "../../../server/modules/agent/service";
import type { listItems } from "../../../server/modules/publish/service";
import { idField } from "../../lib/forms";

/** The publish page's forms, one per `intent`; the apply form's rules match server/modules/publish/contract.ts. */
export const publishSchemas = {
  apply: z.object({
    intent: z.literal("apply"),
    scope: z.enum(["Space", "Tenant"], { error: "请选择发布范围" }),
    category: z.string({ error: "请选择分类" }).min(1, "请选择分类"),
    remark: z.string().trim().max(500, "最多 500 个字符").optional(),
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

export type AgentInfo = Awaited<ReturnType<typeof getAgent>>;
export type PublishItem = Awaited<ReturnType<typeof listItems>>[number];
