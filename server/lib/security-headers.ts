import { Hono, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** What every response carries: pages, resource routes, /api, assets and health checks. */
const common = {
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  // HSTS belongs to the operator's TLS proxy (README): over plain http browsers ignore it anyway.
  strictTransportSecurity: false,
} as const;

const pages = secureHeaders(common);

/**
 * /api answers are data, never documents: even a downloaded file that a browser opens (an uploaded HTML or
 * SVG) runs no script and loads nothing, in a sandbox with an opaque origin.
 */
const api = secureHeaders({
  ...common,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
});

/**
 * The page CSP is not set here: it needs a per-request nonce for React Router's inline scripts, so
 * app/entry.server.tsx sets it where the page is rendered.
 */
export const securityHeaders: MiddlewareHandler = (c, next) =>
  c.req.path === "/api" || c.req.path.startsWith("/api/") ? api(c, next) : pages(c, next);

/** The headers a middleware adds to an empty answer, read by running it once. */
async function headersAddedBy(middleware: MiddlewareHandler) {
  const res = await new Hono()
    .use(middleware)
    .get("/", (c) => c.body(null))
    .request("/");
  return Object.freeze(Object.fromEntries(res.headers)) as Readonly<Record<string, string>>;
}

/**
 * The non-/api headers as one plain object, for answers made before any middleware runs (the health checks
 * under load): taken from the middleware itself, so the two cannot drift apart.
 */
export const pageSecurityHeaders = headersAddedBy(pages);
