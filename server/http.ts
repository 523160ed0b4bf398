import type { ServerOptions } from "node:http";
import { Hono } from "hono";
import { getPath } from "hono/utils/url";
import { clientIp, createApi, type InProcessEnv, newTid } from "./api/app";
import { limitBodies } from "./api/body-limit";
import type { Deps } from "./core";
import type { Database } from "./db/client";
import { crossSiteRefusal, isCrossSiteWrite } from "./lib/cross-site";
import { pageSecurityHeaders, securityHeaders } from "./lib/security-headers";

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
/** How long a database that answered a readiness ping counts as ready without being pinged again. */
const READY_FRESH_MS = 1_000;

/**
 * /healthz and /readyz, answered before the middlewares and the router: an orchestrator probes them while the
 * event loop is busiest, and they read no body, session or cookie. They carry the same security headers as any
 * non-/api answer (taken from that middleware), in a plain object the Node adapter writes as is.
 *
 * A ping costs the embedded database a statement (~0.5 ms of the one thread), so an answer is taken as proof for
 * READY_FRESH_MS and checks arriving meanwhile, or while a ping runs, share it; a failed or timed-out ping is
 * never kept. A database that stops answering therefore reads as not ready within READY_FRESH_MS +
 * READY_TIMEOUT_MS (decision 0028).
 */
function healthChecks(database: Database) {
  const answer = async (method: string, status: number, body: object) => {
    const headers = { ...(await pageSecurityHeaders), "content-type": "application/json" };
    return new Response(method === "HEAD" ? null : JSON.stringify(body), { status, headers });
  };
  let answeredAt = Number.NEGATIVE_INFINITY;
  let pinging: Promise<boolean> | null = null;
  const ping = async () => {
    // Bounded: a database that does not answer within READY_TIMEOUT_MS reads as not ready, not as a hang.
    let timer: NodeJS.Timeout | undefined;
    const ready = await Promise.race([
      database.ping(),
      new Promise<false>((resolve) => {
        timer = setTimeout(resolve, READY_TIMEOUT_MS, false);
      }),
    ]).finally(() => clearTimeout(timer));
    if (ready) answeredAt = performance.now();
    return ready;
  };
  const isReady = () => {
    if (performance.now() - answeredAt < READY_FRESH_MS) return true;
    pinging ??= ping()
      .catch(() => false)
      .finally(() => {
        pinging = null;
      });
    return pinging;
  };
  return {
    live: (method: string) => answer(method, 200, { status: "ok" }),
    async ready(method: string) {
      const ready = await isReady();
      return answer(method, ready ? 200 : 503, { status: ready ? "ok" : "unavailable", database: database.kind });
    },
  };
}

/**
 * Idle keep-alive connections stay open 65 s, longer than the usual proxy's upstream idle time (nginx and most
 * load balancers use 60 s), so a proxy or client never sends a request on a socket the server is closing at that
 * moment — with Node's 5 s default, a client whose event loop lagged past its 1 s margin got ECONNRESET. Headers
 * must still arrive within their own timeout, which Node requires to be the longer one.
 */
export const HTTP_SERVER_OPTIONS = { keepAliveTimeout: 65_000, headersTimeout: 66_000 } satisfies ServerOptions;

/** /healthz, /readyz, the /api contract and — when a web build is given — every other path. */
export function createHttpApp(deps: Deps, database: Database, web?: { handler: WebHandler; assets?: Hono }) {
  const app = new Hono();
  const api = createApi(deps);
  // Outermost, so refusals below carry them too (/api applies both itself: createApi).
  app.use(securityHeaders);
  // First of all: no page reads a body before it is bounded (the health checks read none).
  app.use(limitBodies(deps.config, newTid));
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
  const health = healthChecks(database);
  const routed = app.fetch;
  // Every request enters here (app.request too): /api goes to its own app, which guards itself; the health checks
  // are answered at once; pages, assets and other paths take the router above.
  app.fetch = (request, env, executionCtx) => {
    const path = getPath(request);
    if (path === "/api" || path.startsWith("/api/")) return api.fetch(request, env, executionCtx);
    const method = request.method;
    if (method === "GET" || method === "HEAD") {
      if (path === "/healthz") return health.live(method);
      if (path === "/readyz") return health.ready(method);
    }
    return routed(request, env, executionCtx);
  };
  return { app, api };
}
