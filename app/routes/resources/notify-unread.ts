import { apiEnvelope } from "#app/lib/api-call.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/notify-unread";

/** The bell's count, fetched again when a new message arrives; 0 when it cannot be read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { envelope } = await apiEnvelope(context, request, endpoints.notify.unreadCount);
  return Response.json(
    { count: envelope.code === "0000" ? envelope.data : 0 },
    { headers: { "Cache-Control": "no-store" } },
  );
}
