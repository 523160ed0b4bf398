import { type AppLoadContext, redirect } from "react-router";
import type { Envelope } from "../../server/api/envelope";
import "./context";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly tid: string,
  ) {
    super(message);
  }
}

interface CallOptions {
  method?: "GET" | "POST";
  body?: unknown;
  /** Extra headers, e.g. forwarding Set-Cookie back is done by the caller from `headers`. */
  headers?: Record<string, string>;
}

/** Calls the backend contract with the browser's session cookie; returns the whole envelope and response headers. */
export async function apiRaw<T>(context: AppLoadContext, request: Request, path: string, opts: CallOptions = {}) {
  const headers = new Headers({ accept: "application/json", ...opts.headers });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const url = new URL(request.url);
  headers.set("referer", url.pathname + url.search === "/" ? url.origin : url.href);
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  const target = new URL(path, url.origin);
  const res = await context.apiFetch(
    new Request(target, { method: opts.method ?? (body ? "POST" : "GET"), headers, body }),
  );
  const envelope = (await res.json()) as Envelope<T>;
  return { envelope, headers: res.headers };
}

/**
 * Calls the backend and returns `data`; a missing or expired session redirects to /login?redirect=…,
 * any other failure throws ApiError for the route to show.
 */
export async function api<T>(
  context: AppLoadContext,
  request: Request,
  path: string,
  opts: CallOptions = {},
): Promise<T> {
  const { envelope } = await apiRaw<T>(context, request, path, opts);
  if (envelope.code === "4010" || envelope.code === "4011") throw redirectToLogin(request);
  if (envelope.code !== "0000") throw new ApiError(envelope.code, envelope.message, envelope.tid);
  return envelope.data;
}

export function redirectToLogin(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === "/" ? "/login" : `/login?redirect=${encodeURIComponent(back)}`);
}

/** Only same-site paths may be redirect targets after login. */
export function safeRedirect(target: string | null | undefined, fallback = "/") {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}
