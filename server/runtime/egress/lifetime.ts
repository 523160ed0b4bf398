/**
 * The life of one exchange: it ends at the caller's abort (with the caller's reason) or at the total timeout (with
 * the timeout's error), whichever comes first, unless `end` came before. What the abort must stop — the request
 * waiting for its head, then the body being read — is the current `onAbort`. One timer and one listener on the
 * caller's signal, released by `end`: per request that is a fraction of what AbortSignal.timeout, AbortSignal.any
 * and an http request's own signal handling cost (an AbortController, its signal and Node's stream listeners).
 */
export interface Lifetime {
  /** Set once the exchange was aborted: why. */
  readonly aborted: { reason: unknown } | null;
  /** Called once if the exchange is aborted while it lives; replaced as the exchange moves on. */
  onAbort: (reason: unknown) => void;
  end(): void;
}

export function lifetime(totalTimeoutMs: number, caller: AbortSignal | undefined, timeout: () => Error): Lifetime {
  let over = false;
  const life: Lifetime & { aborted: { reason: unknown } | null } = {
    aborted: null,
    onAbort: () => {},
    end() {
      if (over) return;
      over = true;
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
  const abort = (reason: unknown) => {
    if (over) return;
    life.aborted = { reason };
    life.end();
    life.onAbort(reason);
  };
  const onCallerAbort = () => abort(caller?.reason);
  const timer = setTimeout(() => abort(timeout()), totalTimeoutMs);
  timer.unref();
  if (caller?.aborted) abort(caller.reason);
  else caller?.addEventListener("abort", onCallerAbort, { once: true });
  return life;
}
