import { fetchSite } from "remix-utils/sec-fetch";

/** Methods that never change state (every state change in the API and the web layer is a POST). */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one CSRF rule for the web pages, their resource routes and cookie-authenticated API calls: a
 * state-changing request is refused when the browser says it came from another site (Sec-Fetch-Site
 * cross-site or same-site — a sibling subdomain is not us) or its Origin names another host ("null"
 * included: sandboxed frames, data: pages). Requests with neither header — curl, scripts, old browsers
 * without JavaScript — keep working: a browser that sends neither cannot be steered by another site's
 * script, and SameSite=Lax keeps the session cookie off cross-site form posts there.
 *
 * `ownHost` is the host the browser addressed (X-Forwarded-Host behind a trusted proxy). The scheme is
 * not compared, so a TLS proxy without TRUST_PROXY (browser at https, we at http) still works.
 */
export function isCrossSiteWrite(request: Request, ownHost: string | undefined) {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = fetchSite(request);
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  return hostOf(origin) !== ownHost?.toLowerCase();
}

function hostOf(origin: string) {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

export const CROSS_SITE_MESSAGE = "请求来源不被允许：请从本站页面操作";

/** The web layer's answer: a small page (form posts land on it) with status 403; nothing was read or done. */
export function crossSiteRefusal() {
  const page = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>403 请求被拒绝</title><p>${CROSS_SITE_MESSAGE}</p></html>`;
  return new Response(page, { status: 403, headers: { "content-type": "text/html; charset=utf-8" } });
}
