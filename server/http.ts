import type { ServerOptions } from "node:http";
import { Hono } from "hono";
import { clientIp, createApi, type InProcessEnv, newTid } from "./api/app";
import { limitBodies } from "./api/body-limit";
import type { Deps } from "./core";
import type { Database } from "./db/client";
import { crossSiteRefusal, isCrossSiteWrite } from "./lib/cross-site";
import { securityHeaders } from "./lib/security-headers";

export type WebHandler = (request: Request, apiFetch: (request: Request) => Promise<Response>) => Promise<Response>;

/**
 * Behind a trusted proxy the browser sees https://public-host: rebuild the URL from X-Forwarded-Proto/Host
 * so React Router's same-origin check on form posts and absolute redirects match what the browser sent.
 */
function asSeenByBrowser(request: Request) {
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (!proto && !host) return request;
  const url = new URL(request.url);
  if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
  if (host) url.host = host;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** How long /readyz waits for the database's answer. */
const READY_TIMEOUT_MS = 2_000;

/** /healthz, /readyz, the /api contract and — when a web build is given — every other path. */
/**
 * Idle keep-alive connections stay open 65 s, longer than the usual proxy's upstream idle time (nginx and most
 * load balancers use 60 s), so a proxy or client never sends a request on a socket the server is closing at that
 * moment — with Node's 5 s default, a client whose event loop lagged past its 1 s margin got ECONNRESET. Headers
 * must still arrive within their own timeout, which Node requires to be the longer one.
 */
export const HTTP_SERVER_OPTIONS = { keepAliveTimeout: 65_000, headersTimeout: 66_000 } satisfies ServerOptions;

export function createHttpApp(deps: Deps, database: Database, web?: { handler: WebHandler; assets?: Hono }) {
  const app = new Hono();
  const api = createApi(deps);
  // Outermost, so refusals below carry them too.
  app.use(securityHeaders);
  // First of all: no route, page or health check reads a body before it is bounded.
  app.use(limitBodies(deps.config, newTid));
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    // Bounded: a database that does not answer within READY_TIMEOUT_MS reads as not ready, not as a hang.
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      database.ping(),
      new Promise<false>((resolve) => {
        timer = setTimeout(resolve, READY_TIMEOUT_MS, false);
      }),
    ]).finally(() => clearTimeout(timer));
    return c.json({ status: ready ? "ok" : "unavailable", database: database.kind }, ready ? 200 : 503);
  });
  app.all("/api/*", (c) => api.fetch(c.req.raw, c.env));
  app.all("/api", (c) => api.fetch(c.req.raw, c.env));
  if (web) {
    if (web.assets) app.route("/", web.assets);
    app.all("*", (c) => {
      const internalIp = clientIp(c, deps.config.TRUST_PROXY);
      const request = deps.config.TRUST_PROXY ? asSeenByBrowser(c.req.raw) : c.req.raw;
      // Page actions and resource routes alike: nothing another site sends is read or acted on.
      if (isCrossSiteWrite(request, new URL(request.url).host)) return crossSiteRefusal();
      // A page GET runs loaders only: their in-process reads share one check of the session (app.ts's `actors`;
      // a write call clears it). A POST (an action, then loaders) checks at every call.
      const reads = request.method === "GET" || request.method === "HEAD";
      const env: InProcessEnv = reads ? { internalIp, actors: new Map() } : { internalIp };
      return web.handler(request, async (inner) => api.fetch(inner, env));
    });
  }
  return { app, api };
}
