import { type AppLoadContext, data, redirect } from "react-router";
import { safeRedirect as remixSafeRedirect } from "remix-utils/safe-redirect";
import { type Envelope, type FieldErrors, fieldErrorsOf } from "#contract/envelope";
import { withoutDefaultIcons } from "#contract/icons";
import "./context";

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly tid: string,
    /** The refused fields of a `4000` (decision 0001), keyed by dotted path. */
    readonly fieldErrors: FieldErrors | null = null,
  ) {
    super(message);
  }
}

/** What an error page receives when a loader's backend call is refused (see root ErrorBoundary). */
export interface ApiErrorData {
  code: string;
  message: string;
  tid: string;
}

interface CallOptions {
  method?: "GET" | "POST";
  /** Sent as JSON, or as multipart when it is FormData (an upload). */
  body?: unknown;
  /** Extra headers, e.g. forwarding Set-Cookie back is done by the caller from `headers`. */
  headers?: Record<string, string>;
}

/**
 * Calls the backend contract with the browser's session cookie; returns the whole envelope and response headers.
 * This and `api`/`tryApi` below are the transport of the typed client (api-call.server.ts): loaders and actions
 * name an endpoint there rather than passing a path here.
 */
export async function apiRaw<T>(context: AppLoadContext, request: Request, path: string, opts: CallOptions = {}) {
  const headers = new Headers({ accept: "application/json", ...opts.headers });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  // Behind a TLS proxy the backend marks the session cookie Secure from this (only when TRUST_PROXY is on).
  const forwardedProto = request.headers.get("x-forwarded-proto");
  if (forwardedProto) headers.set("x-forwarded-proto", forwardedProto);
  const url = new URL(request.url);
  headers.set("referer", url.pathname + url.search === "/" ? url.origin : url.href);
  let body: string | FormData | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  const target = new URL(path, url.origin);
  const method = opts.method ?? (body ? "POST" : "GET");
  const fetchText = async () => {
    const res = await context.apiFetch(new Request(target, { method, headers, body }));
    return { text: await res.text(), headers: res.headers };
  };
  const { text, headers: resHeaders } =
    method === "GET" ? await readOnce(context, target.href, fetchText) : await written(context, fetchText);
  // Default icons are for the original client (contract/icons.ts); this web shows a name tile where none was chosen.
  const envelope = JSON.parse(withoutDefaultIcons(text)) as Envelope<T>;
  return { envelope, headers: resHeaders };
}

type Answer = { text: string; headers: Headers };

/**
 * GET answers already asked for during this request (one load context per request): the layouts and the page
 * ask some of the same (who is signed in, the space), and each in-process call costs the one thread a full
 * API request. Each caller parses its own copy. A write clears them, so nothing read after it is older.
 */
const answers = new WeakMap<AppLoadContext, Map<string, Promise<Answer>>>();

function readOnce(context: AppLoadContext, key: string, fetchText: () => Promise<Answer>) {
  const known = answers.get(context) ?? new Map<string, Promise<Answer>>();
  answers.set(context, known);
  let answer = known.get(key);
  if (!answer) {
    answer = fetchText();
    known.set(key, answer);
    // A failed call is not kept: the next caller asks again.
    answer.catch(() => known.delete(key));
  }
  return answer;
}

async function written(context: AppLoadContext, fetchText: () => Promise<Answer>) {
  answers.delete(context);
  try {
    return await fetchText();
  } finally {
    answers.delete(context);
  }
}

const httpStatus: Record<string, number> = { "4000": 400, "4030": 403, "4040": 404, "4050": 405, "4290": 429 };

/**
 * For loaders: calls the backend and returns `data`. A missing or expired session redirects to
 * /login?redirect=…; any other refusal is thrown as an error response (403, 404…) carrying the Chinese
 * message and the tid, so the error boundary can show them (thrown Errors are masked in production).
 */
export async function api<T>(
  context: AppLoadContext,
  request: Request,
  path: string,
  opts: CallOptions = {},
): Promise<T> {
  const result = await tryApi<T>(context, request, path, opts);
  if (!result.ok) {
    const { code, message, tid } = result.error;
    throw data({ code, message, tid } satisfies ApiErrorData, { status: httpStatus[code] ?? 500 });
  }
  return result.data;
}

export type ApiResult<T> = { ok: true; data: T; message: string; headers: Headers } | { ok: false; error: ApiError };

/**
 * For actions: returns the refusal instead of throwing, so the form can show the message under its field.
 * A missing or expired session still redirects to the login page.
 */
export async function tryApi<T>(
  context: AppLoadContext,
  request: Request,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResult<T>> {
  const { envelope, headers } = await apiRaw<T>(context, request, path, opts);
  if (envelope.code === "4010" || envelope.code === "4011") throw redirectToLogin(request);
  if (envelope.code !== "0000")
    return {
      ok: false,
      error: new ApiError(envelope.code, envelope.message, envelope.tid, fieldErrorsOf(envelope.data)),
    };
  return { ok: true, data: envelope.data, message: envelope.message, headers };
}

export function redirectToLogin(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === "/" ? "/login" : `/login?redirect=${encodeURIComponent(back)}`);
}

const SAME_ORIGIN = "http://same-origin.invalid";

/**
 * Only paths on this site may be redirect targets (after login, after a form): remix-utils' check, plus what
 * it lets through — whitespace and control characters, which browsers drop (`/\t/evil.example` becomes
 * `//evil.example`) or which break the Location header (`/\n…` was a 500). The answer is the path as the URL
 * parser resolves it, so what we checked is exactly what the browser follows (and is plain ASCII).
 */
export function safeRedirect(target: string | null | undefined, fallback = "/") {
  if (typeof target !== "string" || /[\s\p{Cc}\p{Cf}\\]/u.test(target)) return fallback;
  const path = remixSafeRedirect(target, "");
  if (!path) return fallback;
  let url: URL;
  try {
    url = new URL(path, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  const resolved = url.pathname + url.search + url.hash;
  // Dot segments can fold `/.//host` into `//host`: a protocol-relative URL, another site.
  if (url.origin !== SAME_ORIGIN || resolved.startsWith("//")) return fallback;
  return resolved;
}

/** The backend's Set-Cookie lines (the `ticket` session cookie), to pass on to the browser. */
export function forwardedCookies(headers: Headers): [string, string][] {
  return headers.getSetCookie().map((line) => ["Set-Cookie", line]);
}
