import { badRequest, postJsonToApi, readJsonBody, relayStream } from "../../lib/relay.server";
import type { Route } from "./+types/chat-stream";

/** POST: relays one chat turn's SSE stream from /api/agent/conversation/chat to the browser, unchanged. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return relayStream(await postJsonToApi(context, request, "/api/agent/conversation/chat", body));
}
