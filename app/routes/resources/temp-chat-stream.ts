import { badRequest, postJsonToApi, readJsonBody, relayStream } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/temp-chat-stream";

/** POST: relays a temporary-link chat turn (tempchat.completions); works without an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return relayStream(await postJsonToApi(context, request, endpoints.tempchat.completions, body));
}
