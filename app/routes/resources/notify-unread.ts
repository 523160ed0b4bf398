import { apiRaw } from "../../lib/api.server";
import type { Route } from "./+types/notify-unread";

/** The bell's count, fetched again when a new message arrives; 0 when it cannot be read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { envelope } = await apiRaw<number>(context, request, "/api/notify/message/unread/count");
  return Response.json(
    { count: envelope.code === "0000" ? envelope.data : 0 },
    { headers: { "Cache-Control": "no-store" } },
  );
}
