import type { ResolvedAddress, Resolver } from "./guard";

/** How long a name's addresses are kept: the system resolver gives no TTL, so a short fixed one. */
const KEEP_MS = 30_000;
const KEPT_NAMES = 1024;

/**
 * `resolve` with its answers kept for KEEP_MS, and lookups of a name already under way shared: the model's host
 * was looked up at every chat turn (getaddrinfo on libuv's small thread pool, a millisecond or more, much more when
 * the pool is busy), 200 times for 200 turns starting together. Only the lookup is kept — every request still checks
 * the addresses against the guard (guard.ts) and connects to one of them, so a name that now points elsewhere is
 * followed within KEEP_MS and nothing unchecked is ever reached. Failures are not kept.
 */
export function cachingResolver(resolve: Resolver, now: () => number = performance.now.bind(performance)): Resolver {
  const kept = new Map<string, { at: number; answer: Promise<ResolvedAddress[]> }>();
  return (host) => {
    const entry = kept.get(host);
    if (entry && now() - entry.at < KEEP_MS) return entry.answer;
    const answer = resolve(host);
    const fresh = { at: now(), answer };
    if (kept.size >= KEPT_NAMES) kept.delete(kept.keys().next().value as string);
    kept.set(host, fresh);
    answer.catch(() => {
      if (kept.get(host) === fresh) kept.delete(host);
    });
    return answer;
  };
}
