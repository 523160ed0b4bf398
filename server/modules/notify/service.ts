import type { Actor, Deps } from "../../api/context";
import { clearEvents as clearSessionEvents, eventsOfSession } from "../conversation/repo";

/** The caller's session queue, without removing anything (the client clears after handling). */
export async function collectEvents(deps: Deps, actor: Actor) {
  const rows = await eventsOfSession(deps.db, actor.tokenId);
  return { hasEvent: rows.length > 0, eventList: rows.map((r) => ({ type: r.type, event: r.event })) };
}

export async function clearEvents(deps: Deps, actor: Actor) {
  await clearSessionEvents(deps.db, actor.tokenId);
}
