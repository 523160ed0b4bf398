import { badRequest, postJsonToApi, readJsonBody } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import { MAX_TITLE_SOURCE_CHARS } from "#contract/api/conversation";
import type { Route } from "./+types/chat-title";

/**
 * POST {conversationId, firstMessage}: the conversation is titled after its first answer. A plain request, not a
 * router fetcher on the chat page: a fetcher's action revalidates, and when that revalidation ended while one of the
 * page's forms (清空会话) was redirecting, React Router finished the redirect with the old page's data (the new
 * address showing the old conversation).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return postJsonToApi(context, request, endpoints.conversation.update, {
    id: body.conversationId,
    // The title is made from the message's start; a longer first message is not a reason to leave it untitled.
    firstMessage:
      typeof body.firstMessage === "string" ? body.firstMessage.slice(0, MAX_TITLE_SOURCE_CHARS) : body.firstMessage,
  });
}
