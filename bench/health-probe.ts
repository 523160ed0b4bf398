export {};

/**
 * Probes /healthz and /readyz of the server at argv[2], each in its own sequential loop 20 ms apart, from its
 * own process so the bench client's streams do not delay the measurement. Prints one JSON line per answer:
 * `{path, at (epoch ms), ms, ok}`. Stops on SIGTERM.
 */
const base = process.argv[2];
const GAP_MS = 20;
let running = true;
process.on("SIGTERM", () => {
  running = false;
});

async function probe(path: string) {
  while (running) {
    const started = performance.now();
    let ok = false;
    try {
      const res = await fetch(base + path, { signal: AbortSignal.timeout(30_000) });
      ok = res.ok;
      await res.arrayBuffer();
    } catch {
      ok = false;
    }
    const ms = performance.now() - started;
    process.stdout.write(`${JSON.stringify({ path, at: performance.timeOrigin + performance.now(), ms, ok })}\n`);
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
}

await Promise.all([probe("/healthz"), probe("/readyz")]);
process.exit(0);
