/**
 * The API server as its own process, for tests that kill it (SIGKILL) and start it again on the same
 * DATA_DIR. Configured from the environment like server/main.ts, without the web build; prints
 * `listening <port>` once it accepts connections.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { loadConfig } from "#server/config";
import { createHttpApp } from "#server/http";
import { openPlatform } from "#server/platform";
import { ADMIN_PASSWORD, seededSnapshot } from "./test-db";

const config = loadConfig(process.env);
// The first start on an empty DATA_DIR copies the run's seeded database (when the test passes it on);
// a restart opens what the killed server left on disk, as in production.
const firstStart = !config.IN_MEMORY && !existsSync(path.join(config.DATA_DIR, "pglite", "PG_VERSION"));
const copySeeded = firstStart && !config.DATABASE_URL && config.ADMIN_PASSWORD === ADMIN_PASSWORD;
const { deps, database } = await openPlatform(config, {
  snapshot: copySeeded ? await seededSnapshot() : undefined,
});
const { app } = createHttpApp(deps, database);
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: "127.0.0.1" });
server.once("listening", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
