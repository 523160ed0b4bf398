import { apiEnvelope } from "#app/lib/api-call.server";
import { endpoints } from "#contract/api";
import type { eventBatchDto } from "#contract/api/notify";
import type { z } from "#contract/zod";
import type { Route } from "./+types/notify-events";

export type EventBatch = z.infer<typeof eventBatchDto>;

const noEvents: EventBatch = { hasEvent: false, eventList: [], version: undefined };

/**
 * The poller's relay for the session's event queue. Never a redirect or an error page: a signed-out or
 * failing call answers "no events" with a non-2xx status, and the poller quietly tries again later.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { envelope } = await apiEnvelope(context, request, endpoints.notify.collect);
  const headers = { "Cache-Control": "no-store" };
  if (envelope.code !== "0000")
    return Response.json(noEvents, { status: envelope.code.startsWith("401") ? 401 : 502, headers });
  return Response.json(envelope.data, { headers });
}

/**
 * POST with the `version` the batch carried: clears what was handled, keeping anything that arrived since.
 * Without a version the whole queue is cleared.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const version = Number((await request.formData()).get("version"));
  const query = { version: Number.isSafeInteger(version) && version >= 0 ? version : undefined };
  const { envelope } = await apiEnvelope(context, request, endpoints.notify.clear, { query });
  return Response.json({ ok: envelope.code === "0000" }, { status: envelope.code === "0000" ? 200 : 502 });
}
