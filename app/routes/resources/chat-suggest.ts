import { badRequest, postJsonToApi, readJsonBody } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/chat-suggest";

/** POST {conversationId}: follow-up questions for the last answer (an empty list when suggestions are off). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return postJsonToApi(context, request, endpoints.conversation.suggest, {
    conversationId: body.conversationId,
  });
}
