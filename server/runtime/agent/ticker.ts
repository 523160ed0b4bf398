import { inArray, sql } from "drizzle-orm";
import type { Deps } from "#server/core";
import { chatRuns, messages } from "#server/db/schema";

const TICK_MS = 1_000;
/** Answers saved per statement. */
const SAVE_SLICE = 32;

/** A turn streaming in this process, as the shared timer sees it. */
export interface TrackedTurn {
  requestId: string;
  /** The assistant message being written. */
  messageId: number;
  /** The answer so far if it changed since the last call, else null. */
  unsaved: () => { text: string; think: string; processingList: unknown[] } | null;
  /** Called when a stop was requested for this run (by any instance). */
  onStop: () => void;
}

interface Ticker {
  turns: Map<string, TrackedTurn>;
  timer: NodeJS.Timeout | null;
  /** The tick in flight, if any: ticks never overlap, and a turn's last save waits for it. */
  current: Promise<void>;
}

const tickers = new WeakMap<Deps, Ticker>();

/**
 * One timer per process for every streaming answer, instead of two per answer. Each second it saves all
 * answers that grew in one statement, and renews every run's lease and reads its stop flag in another. With
 * the embedded database every statement runs synchronously on the event loop (a few milliseconds each), so
 * 100 streams saving and polling on their own took most of every second and left health checks and other
 * requests waiting for seconds.
 */
export function track(deps: Deps, turn: TrackedTurn) {
  let ticker = tickers.get(deps);
  if (!ticker) {
    ticker = { turns: new Map(), timer: null, current: Promise.resolve() };
    tickers.set(deps, ticker);
  }
  const t = ticker;
  t.turns.set(turn.requestId, turn);
  if (!t.timer) {
    t.timer = setInterval(() => {
      t.current = t.current.then(() => tick(deps, t)).catch((err) => deps.log.error({ err }, "chat tick failed"));
    }, TICK_MS);
    t.timer.unref();
  }
  /** Stops tracking the turn; resolves once a save of it still in flight has landed. */
  return async () => {
    t.turns.delete(turn.requestId);
    if (!t.turns.size && t.timer) {
      clearInterval(t.timer);
      t.timer = null;
    }
    await t.current;
  };
}

async function tick(deps: Deps, t: Ticker) {
  const turns = [...t.turns.values()];
  if (!turns.length) return;
  const saves = turns.flatMap((turn) => {
    const answer = turn.unsaved();
    return answer ? [{ id: turn.messageId, ...answer }] : [];
  });
  // In slices: one statement of 200 growing answers held the embedded database's thread (the event loop) for
  // tens of ms; the statement queue lets health checks and stream writes in between slices.
  for (let at = 0; at < saves.length; at += SAVE_SLICE) {
    const rows = sql.join(
      saves
        .slice(at, at + SAVE_SLICE)
        .map((s) => sql`(${s.id}::int, ${s.text}::text, ${s.think}::text, ${JSON.stringify(s.processingList)}::jsonb)`),
      sql`, `,
    );
    await deps.db.execute(
      sql`update ${messages} set "text" = v.text, "think" = v.think, "processing_list" = v.pl, "modified" = now()
        from (values ${rows}) as v(id, text, think, pl) where ${messages.id} = v.id`,
    );
  }
  // The lease (modified) tells a recovery sweep elsewhere that these runs are alive.
  const polled = await deps.db
    .update(chatRuns)
    .set({ modified: new Date() })
    .where(
      inArray(
        chatRuns.requestId,
        turns.map((turn) => turn.requestId),
      ),
    )
    .returning({ requestId: chatRuns.requestId, stop: chatRuns.stopRequested });
  for (const row of polled) if (row.stop) t.turns.get(row.requestId)?.onStop();
}
