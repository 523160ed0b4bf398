import { Hono } from "hono";
import { clientIp, createApi } from "./api/app";
import type { Deps } from "./api/context";
import type { Database } from "./db/client";

export type WebHandler = (request: Request, apiFetch: (request: Request) => Promise<Response>) => Promise<Response>;

/** /healthz, /readyz, the /api contract and — when a web build is given — every other path. */
export function createHttpApp(deps: Deps, database: Database, web?: { handler: WebHandler; assets?: Hono }) {
  const app = new Hono();
  const api = createApi(deps);
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const ready = await database.ping();
    return c.json({ status: ready ? "ok" : "unavailable", database: database.kind }, ready ? 200 : 503);
  });
  app.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  app.all("/api", (c) => api.fetch(c.req.raw, c.env));
  if (web) {
    if (web.assets) app.route("/", web.assets);
    app.all("*", (c) => {
      const internalIp = clientIp(c, deps.config.TRUST_PROXY);
      return web.handler(c.req.raw, async (request) => api.fetch(request, { internalIp }));
    });
  }
  return { app, api };
}
