/**
 * The server for bench/security.ts, in a process of its own so its memory is measured alone. Configured from
 * the environment like server/main.ts; serves the real web build when `build/` exists, otherwise a stand-in
 * page handler that reads posted forms as every React Router action does. Prints `listening <port> <web>`.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { loadConfig } from "#server/config";
import { createHttpApp, type WebHandler } from "#server/http";
import { openPlatform } from "#server/platform";
import { webLoadContext } from "#server/web-context";

const config = loadConfig(process.env);
const { deps, database } = await openPlatform(config);
const buildFile = path.resolve("build/server/index.js");
let handler: WebHandler;
let web: string;
if (existsSync(buildFile)) {
  const build = (await import(buildFile)) as ServerBuild;
  const rr = createRequestHandler(build, "production");
  const context = webLoadContext(config);
  handler = (request, apiFetch) => rr(request, context(request, apiFetch));
  web = "react-router";
} else {
  handler = async (request) => {
    if (request.method === "POST") await request.formData();
    return new Response("ok");
  };
  web = "stand-in";
}
const { app } = createHttpApp(deps, database, { handler });
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: "127.0.0.1" });
server.once("listening", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port} ${web}\n`);
});
// Exit on SIGTERM through process.exit, so `--cpu-prof` (via NODE_OPTIONS) can write its profile.
process.on("SIGTERM", () => process.exit(0));
