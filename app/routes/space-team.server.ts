import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { endpoints } from "#contract/api";
import { isTeamIntent, type TeamReply, teamSchemas } from "../components/space/team/schemas";
import { apiCall, type DataOf, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { spaceRoleLabels } from "../lib/labels";
import { redirectWithToast } from "../lib/toast.server";

/** Query parameters that only open a confirmation; dropped again once the action is done. */
const CONFIRM_PARAMS = ["confirm", "userId"];

export function pageUrl(request: Request) {
  const url = new URL(request.url);
  for (const name of CONFIRM_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search;
}

export function fetchMembers(
  context: AppLoadContext,
  request: Request,
  spaceId: number,
  kw?: string,
  role?: "Owner" | "Admin" | "User",
) {
  return apiCall(context, request, space.memberList, { body: { spaceId, kw: kw || undefined, role } });
}

const { space } = endpoints;
type Member = DataOf<typeof space.memberList>[number];
const memberName = (m: Member | undefined, fallback: number) => (m ? m.nickName || m.userName : `用户 ${fallback}`);

/** Every team-page form posts here with an `intent`; success redirects (with a toast), failure returns the reply. */
export async function teamAction(context: AppLoadContext, request: Request, spaceId: number) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isTeamIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: teamSchemas[intent] });
  const rowId = Number(formData.get("userId")) || undefined;
  const fail = (result: SubmissionResult<string[]>): TeamReply => ({ intent, userId: rowId, result });
  if (submission.status !== "success") return fail(submission.reply());
  const value = submission.value;
  const done = (message: string, to = pageUrl(request)) => redirectWithToast(context, to, { type: "success", message });

  switch (value.intent) {
    case "update": {
      const res = await tryApiCall(context, request, space.update, {
        body: { id: spaceId, name: value.name, description: value.description ?? "" },
      });
      return res.ok ? done("空间信息已保存") : fail(replyWithApiError(submission, res.error));
    }
    case "settings": {
      const res = await tryApiCall(context, request, space.update, {
        body: { id: spaceId, allowDevelop: value.allowDevelop ? 1 : 0, receivePublish: value.receivePublish ? 1 : 0 },
      });
      return res.ok ? done("空间设置已保存") : fail(replyWithApiError(submission, res.error));
    }
    case "add": {
      const res = await tryApiCall(context, request, space.memberAdd, {
        body: [{ spaceId, userId: value.userId, role: value.role }],
      });
      return res.ok ? done(`已添加为${spaceRoleLabels[value.role]}`) : fail(replyWithApiError(submission, res.error));
    }
    case "role": {
      const res = await tryApiCall(context, request, space.memberRole, {
        body: { spaceId, userId: value.userId, role: value.role },
      });
      return res.ok ? done(`角色已改为${spaceRoleLabels[value.role]}`) : fail(replyWithApiError(submission, res.error));
    }
    case "remove": {
      const members = await fetchMembers(context, request, spaceId);
      const name = memberName(
        members.find((m) => m.userId === value.userId),
        value.userId,
      );
      const res = await tryApiCall(context, request, space.memberDelete, {
        body: { spaceId, userId: value.userId },
      });
      return res.ok ? done(`已将 ${name} 移出空间`) : fail(replyWithApiError(submission, res.error));
    }
    case "transfer": {
      const members = await fetchMembers(context, request, spaceId);
      const name = memberName(
        members.find((m) => m.userId === value.userId),
        value.userId,
      );
      const res = await tryApiCall(context, request, space.transfer, {
        body: { spaceId, targetUserId: value.userId },
      });
      return res.ok ? done(`空间已转让给 ${name}`) : fail(replyWithApiError(submission, res.error));
    }
    case "delete": {
      const { name } = await apiCall(context, request, space.get, { params: { spaceId } });
      const res = await tryApiCall(context, request, space.delete, { params: { spaceId } });
      return res.ok ? done(`空间「${name}」已删除`, "/space") : fail(replyWithApiError(submission, res.error));
    }
  }
}
