import { badRequest, postJsonToApi, readJsonBody, relayStream } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/workflow-test-run";

/**
 * POST: relays a workflow test run's SSE stream (workflow.testExecute), a QA answer's resumption included;
 * with `?node=1`, the run of one node alone (workflow.testNodeExecute).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  const single = new URL(request.url).searchParams.get("node") === "1";
  const target = single ? endpoints.workflow.testNodeExecute : endpoints.workflow.testExecute;
  return relayStream(await postJsonToApi(context, request, target, body));
}
