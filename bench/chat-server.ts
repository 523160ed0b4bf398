import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startServer } from "#tests/support/server";
import { nowUs } from "./chat-trace";

/**
 * The API server alone in its own process for the chat bench: a fresh PGlite in a temporary data directory on
 * disk, as `npm start` keeps it in DATA_DIR (an in-memory one held every WAL segment in the process: peak RSS
 * 300–760 MB against 190–240 MB, latency the same), or a fresh database on the PostgreSQL named by
 * TEST_DATABASE_URL. Prints `{url}` as one JSON line; SIGTERM closes it, removes the directory and exits.
 * With BENCH_CPU_PROF=<file>, SIGUSR2 starts a CPU profile and the next SIGUSR2 writes it there (the bench
 * profiles one level's streams only, not start-up and set-up). While profiling it also records the event loop's
 * stalls (a 2 ms timer late by more than STALL_MS) into <file>.stalls.json, on the profile's clock, so
 * `node --import tsx bench/chat-trace.ts <file>` can say what ran during each (what kept /healthz waiting).
 */
const STALL_MS = 20;
const dataDir = process.env.TEST_DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), "bench-chat-"));
const server = await startServer(dataDir ? { DATA_DIR: dataDir } : {});
const profileFile = process.env.BENCH_CPU_PROF;
let session: Session | null = null;
let stalls: { from: number; to: number }[] = [];
let watch: NodeJS.Timeout | undefined;
const delay = monitorEventLoopDelay({ resolution: 1 });
process.on("SIGUSR2", async () => {
  if (!profileFile) return;
  if (!session) {
    session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
    stalls = [];
    let last = nowUs();
    watch = setInterval(() => {
      const now = nowUs();
      if (now - last > STALL_MS * 1000) stalls.push({ from: last, to: now });
      last = now;
    }, 2);
    delay.reset();
    delay.enable();
    return;
  }
  clearInterval(watch);
  delay.disable();
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(profileFile, JSON.stringify(profile));
  writeFileSync(`${profileFile}.stalls.json`, JSON.stringify(stalls));
  session.disconnect();
  session = null;
  const loopDelay = Object.fromEntries(
    [50, 99]
      .map((p) => [`p${p}`, Math.round(delay.percentile(p) / 1e5) / 10])
      .concat([["max", Math.round(delay.max / 1e5) / 10]]),
  );
  process.stdout.write(`${JSON.stringify({ profiled: profileFile, stalls: stalls.length, loopDelayMs: loopDelay })}\n`);
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite" })}\n`,
);
process.on(
  "SIGTERM",
  () =>
    void server.close().finally(() => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
