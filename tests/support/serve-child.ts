/**
 * The API server as its own process, for tests that kill it (SIGKILL) and start it again on the same
 * DATA_DIR. Configured from the environment like server/main.ts, without the web build; prints
 * `listening <port>` once it accepts connections.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { loadConfig } from "#server/config";
import { createHttpApp, HTTP_SERVER_OPTIONS } from "#server/http";
import { openPlatform } from "#server/platform";

const config = loadConfig(process.env);
// It opens what is on DATA_DIR, as in production: the run's seeded database that child-server.ts copied there
// before the first start, or what the killed server left.
const { deps, database } = await openPlatform(config);
const { app } = createHttpApp(deps, database);
const server = serve({
  fetch: app.fetch,
  port: config.PORT,
  hostname: "127.0.0.1",
  serverOptions: HTTP_SERVER_OPTIONS,
});
server.once("listening", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
