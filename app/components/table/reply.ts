import type { SubmissionResult } from "@conform-to/react";
import type { ImportReport } from "#contract/api/table";
import type { FieldErrors, FieldRow } from "./field-rows";

/**
 * What the table page's action answers instead of a redirect: the form as posted with its errors (the structure
 * rows, a row's texts), or an import's report. `at` tells a new reply from the last.
 */
export interface TableReply {
  intent: string;
  at: number;
  /** The structure form as posted (or edited by 新增字段 / 删除), shown instead of the saved fields. */
  fields?: FieldRow[];
  /** The row form's texts as posted, by field name, and the row it edits (absent when adding). */
  row?: { rowId?: number; texts: Record<string, string> };
  errors?: FieldErrors;
  formError?: string;
  report?: ImportReport;
  /** A conform form's reply (名称与描述). */
  result?: SubmissionResult<string[]>;
}

/** Where a page section's forms look for their reply. */
export const replyFor = (reply: TableReply | undefined, ...intents: string[]) =>
  reply && intents.some((i) => reply.intent === i || reply.intent.startsWith(`${i}:`)) ? reply : undefined;
