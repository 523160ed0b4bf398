import { type AppLoadContext, redirect } from "react-router";
import type { createConversation } from "../../server/modules/conversation/service";
import { tryApi } from "./api.server";

type Conversation = Awaited<ReturnType<typeof createConversation>>;

/**
 * Opens a new conversation with an agent and sends the browser to the chat page; a first message rides
 * along as ?message=… for the chat page to send. Returns the backend's refusal instead when there is one.
 */
export async function startChat(context: AppLoadContext, request: Request, agentId: number, message?: string) {
  const created = await tryApi<Conversation>(context, request, "/api/agent/conversation/create", {
    body: { agentId, devMode: false },
  });
  if (!created.ok) return created.error;
  const query = message ? `?message=${encodeURIComponent(message)}` : "";
  return redirect(`/home/chat/${created.data.id}${query}`);
}
