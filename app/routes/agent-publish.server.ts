import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { endpoints } from "#contract/api";
import { isPublishIntent, type PublishReply, publishSchemas } from "../components/publish/schemas";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";
import { pathOf } from "../lib/url";

/** Query parameters that only open a confirmation; dropped once the action is done. */
export const CONFIRM_PARAMS = ["offShelf"];

/** 发布 and 下架 post here with an `intent`; success redirects with the server's message as a toast. */
export async function publishAction(context: AppLoadContext, request: Request, agentId: number) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isPublishIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: publishSchemas[intent] });
  const fail = (result: SubmissionResult<string[]>): PublishReply => ({ intent, result });
  if (submission.status !== "success") return fail(submission.reply());
  const value = submission.value;
  const back = pathOf(request, CONFIRM_PARAMS);

  if (value.intent === "apply") {
    const agent = await apiCall(context, request, endpoints.agent.get, { params: { agentId } });
    const res = await tryApiCall(context, request, endpoints.publish.agentApply, {
      params: { agentId },
      body: {
        scope: value.scope,
        spaceId: value.scope === "Space" ? agent.spaceId : undefined,
        category: value.category,
        remark: value.remark ?? "",
        allowCopy: value.allowCopy ? 1 : 0,
      },
    });
    if (!res.ok) return fail(replyWithApiError(submission, res.error));
    return redirectWithToast(context, back, { type: "success", message: res.data || res.message });
  }

  const res = await tryApiCall(context, request, endpoints.publish.offShelf, {
    body: { targetType: "Agent", targetId: agentId, publishId: value.publishId },
  });
  if (!res.ok) return fail(replyWithApiError(submission, res.error));
  return redirectWithToast(context, back, { type: "success", message: "已下架" });
}
