import { badRequest, postJsonToApi, readJsonBody, relayStream } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/chat-stream";

/** POST: relays one chat turn's SSE stream (conversation.chat) to the browser, unchanged. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return relayStream(await postJsonToApi(context, request, endpoints.conversation.chat, body));
}
