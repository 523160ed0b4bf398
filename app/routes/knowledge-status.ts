import { apiEnvelope } from "#app/lib/api-call.server";
import { knowledge } from "#contract/api/knowledge";
import type { Route } from "./+types/knowledge-status";
import { knowledgeIdParam } from "./knowledge-detail.server";

/** At most this many documents per poll (the status endpoint's own limit). */
const MAX_IDS = 100;

/**
 * GET ?ids=1,2,3: the current status of those documents of this knowledge base, for the page's poller. A refusal
 * (signed out, no access) answers "nothing new" rather than an error page: the page itself will show why.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kbId = knowledgeIdParam(params.knowledgeId);
  const docIds = (new URL(request.url).searchParams.get("ids") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, MAX_IDS);
  if (!docIds.length) return { docs: [] };
  const { envelope } = await apiEnvelope(context, request, knowledge.documentStatus, { body: { docIds } });
  const docs = envelope.code === "0000" ? envelope.data.filter((d) => d.kbId === kbId) : [];
  return { docs };
}
