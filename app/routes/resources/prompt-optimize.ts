import { badRequest, postJsonToApi, readJsonBody, relayStream } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/prompt-optimize";

/** POST: relays the prompt-optimisation assistant's stream of bare message chunks. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return relayStream(await postJsonToApi(context, request, endpoints.assistant.promptOptimize, body));
}
