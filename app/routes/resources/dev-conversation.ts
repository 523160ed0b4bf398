import { badRequest, postJsonToApi, readJsonBody } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/dev-conversation";

/** POST {agentId}: a new debug conversation on the agent's draft (devMode), for the editor's debug pane. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return postJsonToApi(context, request, endpoints.conversation.create, { agentId: body.agentId, devMode: true });
}
