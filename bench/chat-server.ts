import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { startServer } from "#tests/support/server";

/**
 * The API server alone in its own process for the chat bench (a fresh in-memory PGlite, or a fresh database
 * on the PostgreSQL named by TEST_DATABASE_URL). Prints `{url}` as one JSON line; SIGTERM closes it and exits.
 * With BENCH_CPU_PROF=<file>, SIGUSR2 starts a CPU profile and the next SIGUSR2 writes it there (the bench
 * profiles one level's streams only, not start-up and set-up).
 */
const server = await startServer();
const profileFile = process.env.BENCH_CPU_PROF;
let session: Session | null = null;
process.on("SIGUSR2", async () => {
  if (!profileFile) return;
  if (!session) {
    session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
    return;
  }
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(profileFile, JSON.stringify(profile));
  session.disconnect();
  session = null;
  process.stdout.write(`${JSON.stringify({ profiled: profileFile })}\n`);
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite" })}\n`,
);
process.on("SIGTERM", () => void server.close().finally(() => process.exit(0)));
