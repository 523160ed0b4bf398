import { badRequest, postJsonToApi, readJsonBody, relayStream } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/plugin-code-optimize";

/** POST: relays the code-optimising assistant's stream for the code plugin page. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return relayStream(await postJsonToApi(context, request, endpoints.assistant.codeOptimize, body));
}
