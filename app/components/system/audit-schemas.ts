import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField } from "#app/lib/forms";
import type { endpoints, ResponseOf } from "#contract/api";

export type ApplyPage = ResponseOf<typeof endpoints.publish.applyList>;
export type ApplyRecord = ApplyPage["records"][number];
export type ApplyDetail = ResponseOf<typeof endpoints.publish.applyGet>;
export type PublishedPage = ResponseOf<typeof endpoints.publish.publishedList>;
export type PublishedRecord = PublishedPage["records"][number];

/** A reason the person on the other side will read (backend: 1–500 characters). */
const reason = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(500, "最多 500 个字符");

/** 发布审核 and 已发布管理 forms, one per `intent`. */
export const auditSchemas = {
  approve: z.object({ intent: z.literal("approve"), applyId: idField() }),
  reject: z.object({ intent: z.literal("reject"), applyId: idField(), reason: reason("请填写拒绝原因") }),
  offShelf: z.object({ intent: z.literal("offShelf"), publishId: idField(), reason: reason("请填写下架原因") }),
};

export type AuditIntent = keyof typeof auditSchemas;

export const isAuditIntent = (value: unknown): value is AuditIntent =>
  typeof value === "string" && Object.hasOwn(auditSchemas, value);

export interface AuditReply {
  intent: AuditIntent;
  result: SubmissionResult<string[]>;
}
