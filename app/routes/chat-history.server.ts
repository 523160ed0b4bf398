import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import type { ConversationListItemDto } from "#contract/api/conversation";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { redirectWithToast } from "../lib/toast.server";

/** Conversations across agents, newest first; `lastId` continues after the previous page's last one. */
export function historyPage(context: AppLoadContext, request: Request, limit: number, lastId?: number | null) {
  return apiCall(context, request, endpoints.conversation.list, { body: { agentId: null, limit, lastId } });
}

/** The conversation named by `?delete=` when it is one of those shown (the confirmation needs its title). */
export function deleteTarget(url: URL, items: ConversationListItemDto[]) {
  const id = Number(url.searchParams.get("delete"));
  return items.find((c) => c.id === id) ?? null;
}

/** The page without `?delete=`, where the confirmation returns to. */
export function withoutDelete(url: URL) {
  const back = new URL(url);
  back.searchParams.delete("delete");
  return back.pathname + back.search;
}

/** `intent=deleteConversation`: deletes, then back to the list with a toast (the reason when refused). */
export async function deleteConversationAction(context: AppLoadContext, request: Request, form: FormData) {
  const back = withoutDelete(new URL(request.url));
  const id = Number(form.get("conversationId"));
  if (!Number.isInteger(id) || id <= 0)
    return redirectWithToast(context, back, { type: "error", message: "会话不存在" });
  const res = await tryApiCall(context, request, endpoints.conversation.delete, { params: { id } });
  return res.ok
    ? redirectWithToast(context, back, { type: "success", message: "删除成功" })
    : redirectWithToast(context, back, { type: "error", message: res.error.message });
}
