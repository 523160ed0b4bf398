import { loadConfigOrExit } from "./config";
import { openPlatform, startRecoverySweep } from "./platform";
import { startJobs } from "./runtime/jobs";

/**
 * `npm run worker`: background duties without HTTP, for operators who run them apart from the web
 * instances — migrations and seed at start, the job workers (triggers, cron schedules, knowledge ingestion…) and
 * the sweep that settles answers of lost instances. Several workers on one PostgreSQL share the jobs.
 */
async function main() {
  const config = loadConfigOrExit();
  const { deps, database } = await openPlatform(config);
  const stopSweep = startRecoverySweep(deps, database);
  await startJobs(deps);
  deps.log.info({ database: database.kind }, "worker started");
  const shutdown = async () => {
    stopSweep();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
  // Keep the process alive even when there is nothing periodic to do (the embedded database).
  setInterval(() => {}, 1 << 30);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
