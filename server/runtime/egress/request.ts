import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { parseEgressAllow } from "./address";
import { type BodyChunks, bodyChunks } from "./body";
import { EgressError, unreachable } from "./errors";
import { checkTarget, type Resolver, systemResolver, type Target } from "./guard";
import { type Lifetime, lifetime } from "./lifetime";

export interface EgressLimits {
  /** From the start of a hop until its TCP connection is up. */
  connectTimeoutMs?: number;
  /** From the start of a hop until the response headers arrive. */
  headersTimeoutMs?: number;
  /** For the whole exchange, redirects and body included. */
  totalTimeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** Name resolution; tests replace it to make a public name point somewhere else. */
  resolve?: Resolver;
}

const DEFAULTS = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 120_000,
  totalTimeoutMs: 600_000,
  maxResponseBytes: 32 * 1024 * 1024,
  maxRedirects: 5,
};
type Limits = typeof DEFAULTS;

// Own keep-alive pools: a pooled socket was opened to a checked address, so reusing it stays safe.
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

/** Headers that carry credentials: dropped when a redirect leaves the origin they were meant for. */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key"];

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Responses that carry no body whatever their headers say. */
export const bodiless = (method: string, status: number) =>
  method === "HEAD" || status === 204 || status === 205 || status === 304;

const timeoutError = () => new EgressError("timeout", "对方响应超时，请稍后再试");

/**
 * Answers the socket's own name lookup with the addresses that were checked, so the connection goes where
 * the guard looked — a second DNS answer (rebinding) is never asked for.
 */
function pinnedLookup(target: Target): LookupFunction {
  return (_hostname, options, callback) => {
    const family = typeof options === "object" ? options.family : options;
    const usable = target.addresses.filter((a) => !family || a.family === family);
    const list = usable.length ? usable : target.addresses;
    if (typeof options === "object" && options.all) (callback as any)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

/** What goes out on one hop; a redirect may change it (method, body, credentials). */
export interface Hop {
  method: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Errors of a connection the peer closed or reset. */
const RESETS = new Set(["ECONNRESET", "EPIPE"]);

/**
 * One request to a checked target; resolves with the response head, the body still to be read. `fresh` sends it on
 * a new connection instead of a kept-alive one.
 */
function send(target: Target, hop: Hop, limits: Limits, life: Lifetime, fresh = false): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // Aborted while the hop was checked (a name being resolved): nothing goes out.
    if (life.aborted) return reject(life.aborted.reason);
    const { url } = target;
    const req = (url.protocol === "https:" ? https : http).request({
      protocol: url.protocol,
      host: target.host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: hop.headers,
      agent: fresh ? false : agents[url.protocol as "http:" | "https:"],
      lookup: pinnedLookup(target),
    });
    life.onAbort = (reason) => {
      clearTimeout(headersTimer);
      reject(reason);
      req.destroy();
    };
    const fail = (error: Error) => {
      clearTimeout(headersTimer);
      req.destroy(error);
    };
    const headersTimer = setTimeout(() => fail(unreachable()), limits.headersTimeoutMs);
    req.on("socket", (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(() => fail(unreachable()), limits.connectTimeoutMs);
      socket.once("connect", () => clearTimeout(connectTimer));
      socket.once("close", () => clearTimeout(connectTimer));
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      clearTimeout(headersTimer);
      resolve(res);
    });
    req.on("error", (error) => {
      clearTimeout(headersTimer);
      if (life.aborted) reject(life.aborted.reason);
      // A kept-alive connection the peer closed as this request went out (its idle timeout ran out, e.g. uvicorn's
      // 5 s): nothing was answered, so the request goes once more, on a new connection. Node's own advice
      // (`request.reusedSocket`); a new connection that fails is the peer's answer.
      else if (req.reusedSocket && !answered && RESETS.has((error as NodeJS.ErrnoException).code ?? ""))
        resolve(send(target, hop, limits, life, true));
      // Refused, reset, unreachable, TLS failure or silence: one answer, so replies cannot map ports.
      else reject(error instanceof EgressError ? error : unreachable(error));
    });
    req.end(hop.body ?? undefined);
  });
}

export interface EgressRequestInit {
  method?: string;
  /** Sent as given (names in any case); accept-encoding and content-length are the guard's. */
  headers?: Record<string, string>;
  body?: string | Buffer | null;
  signal?: AbortSignal;
  /** As fetch's option: follow (each hop checked), hand the redirect back (manual), or fail (error). */
  redirect?: "follow" | "manual" | "error";
  /** This exchange's total timeout instead of the client's (`totalTimeoutMs` of its limits). */
  totalTimeoutMs?: number;
}

export interface EgressResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The URL of the hop that answered (after redirects). */
  url: string;
  /** The body as it arrives (one pass); see body.ts for the size cap, cuts, timeouts and aborts. */
  body: BodyChunks;
}

/** Lower-case header names, the body as bytes with its length; identity encoding, so the size cap counts the wire. */
function hopOf(init: EgressRequestInit): Hop {
  const given = init.headers ?? {};
  const headers: Record<string, string> = {};
  for (const name in given) headers[name.toLowerCase()] = given[name] as string;
  headers["accept-encoding"] = "identity";
  const body = init.body == null ? null : typeof init.body === "string" ? Buffer.from(init.body) : init.body;
  if (body) headers["content-length"] = String(body.length);
  else delete headers["content-length"];
  return { method: (init.method ?? "GET").toUpperCase(), headers, body };
}

/**
 * A request to an address a user can influence, at the level of Node's http module (no web Request, Response or
 * stream per call): every hop is checked (see guard.ts) and connected to the checked address, redirects are
 * followed by hand (each re-checked, credentials dropped across origins), with connect, header and total timeouts
 * and a response size cap. The model stream reads it directly; guardedFetch (fetch.ts) wraps it for everyone else.
 */
export function guardedRequest(config: { EGRESS_ALLOW: string }, options: EgressLimits = {}) {
  const allow = parseEgressAllow(config.EGRESS_ALLOW);
  const { resolve = systemResolver, ...rest } = options;
  const limits: Limits = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
  };

  return async (input: string | URL, init: EgressRequestInit = {}): Promise<EgressResponse> => {
    const hop = hopOf(init);
    const life = lifetime(init.totalTimeoutMs ?? limits.totalTimeoutMs, init.signal, timeoutError);
    try {
      let location: string | URL = input;
      for (let redirects = 0; ; redirects++) {
        if (life.aborted) throw life.aborted.reason;
        const target = await checkTarget(location, allow, resolve);
        const res = await send(target, hop, limits, life);
        const next = res.headers.location;
        if (res.statusCode && REDIRECTS.has(res.statusCode) && next && init.redirect !== "manual") {
          res.resume();
          if (init.redirect === "error" || redirects >= limits.maxRedirects)
            throw new EgressError("redirects", `重定向次数过多（最多 ${limits.maxRedirects} 次）`);
          const url = new URL(next, target.url);
          if (url.origin !== target.url.origin) for (const name of CREDENTIAL_HEADERS) delete hop.headers[name];
          if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && hop.method === "POST")) {
            hop.method = hop.method === "HEAD" ? "HEAD" : "GET";
            hop.body = null;
            delete hop.headers["content-length"];
            delete hop.headers["content-type"];
          }
          location = url;
          continue;
        }
        const status = res.statusCode ?? 502;
        const empty = bodiless(hop.method, status);
        return {
          status,
          statusText: res.statusMessage ?? "",
          headers: res.headers,
          url: target.url.href,
          body: bodyChunks(res, { maxBytes: limits.maxResponseBytes, life, empty }),
        };
      }
    } catch (error) {
      life.end();
      throw error;
    }
  };
}
