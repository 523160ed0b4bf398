import { type AppLoadContext, redirect } from "react-router";
import { endpoints } from "#contract/api";
import { tryApiCall } from "./api-call.server";

/**
 * Opens a new conversation with an agent and sends the browser to the chat page; a first message rides
 * along as ?message=… for the chat page to send. Returns the backend's refusal instead when there is one.
 */
export async function startChat(context: AppLoadContext, request: Request, agentId: number, message?: string) {
  const created = await tryApiCall(context, request, endpoints.conversation.create, {
    body: { agentId, devMode: false },
  });
  if (!created.ok) return created.error;
  const query = message ? `?message=${encodeURIComponent(message)}` : "";
  return redirect(`/home/chat/${created.data.id}${query}`);
}
