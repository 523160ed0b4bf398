import type { AppLoadContext } from "react-router";
import { type Endpoint, pathOf } from "#contract/api";
import "./context";

/** JSON bodies the browser may relay through our resource routes (uploads are capped by the backend). */
const MAX_JSON_BODY = 1024 * 1024;

/**
 * Headers for a request passed on to /api: the session cookie, the page as Referer (so a lapsed session
 * answers 4011 with the login URL) and the Origin (so the backend's same-origin check for cookie-signed
 * writes applies to requests that came through us too).
 */
function forwardedHeaders(request: Request, contentType: string | null) {
  const headers = new Headers({ accept: request.headers.get("accept") ?? "application/json" });
  for (const name of ["cookie", "origin", "referer", "x-forwarded-proto"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (contentType) headers.set("content-type", contentType);
  return headers;
}

/**
 * Streams the browser's request body (e.g. a multipart upload) on to an /api path, in-process; `path` is the
 * endpoint's URL from the contract (`urlOf(endpoints.file.upload, { query })`).
 */
export function forwardBodyToApi(context: AppLoadContext, request: Request, path: string) {
  return context.apiFetch(
    new Request(new URL(path, request.url), {
      method: "POST",
      headers: forwardedHeaders(request, request.headers.get("content-type")),
      body: request.body,
      signal: request.signal,
      // Node's fetch needs this to send a streamed body.
      duplex: "half",
    } as RequestInit),
  );
}

/**
 * Posts a JSON body to a POST endpoint on the browser's behalf and answers with the backend's response as it is
 * (an envelope, or a stream for `relayStream`); aborting the browser request aborts this one. The body is the
 * browser's, so it is typed `unknown`: the backend validates it against the endpoint's schema.
 */
export function postJsonToApi<E extends Endpoint<"POST">>(
  context: AppLoadContext,
  request: Request,
  e: E,
  body: unknown,
  params?: Record<string, string | number>,
) {
  return context.apiFetch(
    new Request(new URL(pathOf(e, params), request.url), {
      method: "POST",
      headers: forwardedHeaders(request, "application/json"),
      body: JSON.stringify(body),
      signal: request.signal,
    }),
  );
}

/** The browser's JSON object body, or null when it is not one or is too large (the backend checks the fields). */
export async function readJsonBody(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (text.length > MAX_JSON_BODY) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The envelope a relay answers with when it refuses a request before the backend sees it. */
export function badRequest(message = "请求格式不正确") {
  return Response.json(
    { code: "4000", displayCode: "4000", message, data: null, tid: "", success: false },
    { status: 400 },
  );
}

/**
 * Passes an upstream SSE response on unchanged. Refusals before streaming (HTTP 4xx with the JSON envelope)
 * go back as they are, so the browser can show the Chinese message.
 */
export function relayStream(upstream: Response) {
  if (!upstream.ok || !upstream.body) return upstream;
  return new Response(upstream.body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Accel-Buffering": "no",
    },
  });
}
