import { apiEnvelope } from "#app/lib/api-call.server";
import { endpoints } from "#contract/api";
import { idParam, pageParam } from "../lib/url";
import type { Route } from "./+types/trigger-runs";
import { RUN_PAGE_SIZE } from "./trigger-page.server";

/**
 * GET ?page=N: one page of a trigger's run log, for the triggers page's poller (runs happen in the job queue,
 * after the page was rendered). A refusal (signed out, no access, trigger deleted) answers "nothing new": the page
 * itself shows why on its next load.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const triggerId = idParam(params.triggerId, "触发器不存在");
  const current = pageParam(new URL(request.url));
  const { envelope } = await apiEnvelope(context, request, endpoints.trigger.runList, {
    body: { triggerId, current, pageSize: RUN_PAGE_SIZE },
  });
  return { runs: envelope.code === "0000" ? envelope.data : null };
}
