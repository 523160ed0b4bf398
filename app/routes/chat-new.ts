import { redirect } from "react-router";
import { endpoints } from "#contract/api";
import { tryApiCall } from "../lib/api-call.server";
import type { Route } from "./+types/chat-new";

/**
 * The rail's 新建会话. From a chat it continues with that chat's agent in a fresh conversation (the caller's
 * empty one is reused, so following the link twice makes no second row); anywhere else it opens the home page,
 * whose box starts a conversation with the tenant's default agent.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const referer = request.headers.get("referer");
  const from = referer ? new URL(referer, request.url) : null;
  const chatId = from?.origin === new URL(request.url).origin ? /^\/home\/chat\/(\d+)$/.exec(from.pathname)?.[1] : null;
  if (!chatId) return redirect("/");
  const current = await tryApiCall(context, request, endpoints.conversation.get, {
    params: { conversationId: Number(chatId) },
  });
  if (!current.ok) return redirect("/");
  const fresh = await tryApiCall(context, request, endpoints.agent.detail, {
    params: { agentId: current.data.agentId },
    query: { withConversationId: "true" },
  });
  return redirect(fresh.ok && fresh.data.conversationId ? `/home/chat/${fresh.data.conversationId}` : "/");
}
