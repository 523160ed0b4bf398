import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { endpoints } from "#contract/api";
import { type AuditReply, auditSchemas, isAuditIntent } from "../components/system/audit-schemas";
import { tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";

const { publish } = endpoints;

/**
 * 通过 / 拒绝 / 下架 from the audit list, the snapshot page and 已发布管理. Success redirects to `back` with a
 * toast; a refused form comes back with the message under its field.
 */
export async function auditAction(context: AppLoadContext, request: Request, back: string) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isAuditIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: auditSchemas[intent] });
  const fail = (result: SubmissionResult<string[]>): AuditReply => ({ intent, result });
  if (submission.status !== "success") return fail(submission.reply());
  const value = submission.value;
  const done = (message: string) => redirectWithToast(context, back, { type: "success", message });
  switch (value.intent) {
    case "approve": {
      const res = await tryApiCall(context, request, publish.approve, { params: { applyId: value.applyId } });
      return res.ok
        ? done("已通过，智能体已发布")
        : redirectWithToast(context, back, { type: "error", message: res.error.message });
    }
    case "reject": {
      const res = await tryApiCall(context, request, publish.reject, {
        params: { applyId: value.applyId },
        body: { reason: value.reason },
      });
      return res.ok ? done("已拒绝，已通知申请人") : fail(replyWithApiError(submission, res.error, "reason"));
    }
    case "offShelf": {
      const res = await tryApiCall(context, request, publish.adminOffShelf, {
        params: { publishId: value.publishId },
        body: { reason: value.reason },
      });
      return res.ok ? done("已下架，已通知发布者") : fail(replyWithApiError(submission, res.error, "reason"));
    }
  }
}
