import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { parseEgressAllow } from "./address";
import { EgressError, unreachable } from "./errors";
import { checkTarget, type Resolver, systemResolver, type Target } from "./guard";

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

// Own keep-alive pools: a pooled socket was opened to a checked address, so reusing it stays safe.
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

/** Headers that carry credentials: dropped when a redirect leaves the origin they were meant for. */
const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "x-api-key", "api-key"];

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

interface Hop {
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** One request to a checked target; resolves with the response head, the body still to be read. */
function send(target: Target, hop: Hop, limits: typeof DEFAULTS, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { url } = target;
    const req = (url.protocol === "https:" ? https : http).request({
      protocol: url.protocol,
      host: target.host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: hop.headers,
      agent: agents[url.protocol as "http:" | "https:"],
      lookup: pinnedLookup(target),
      signal,
    });
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
    req.on("response", (res) => {
      clearTimeout(headersTimer);
      resolve(res);
    });
    req.on("error", (error) => {
      clearTimeout(headersTimer);
      if (signal.aborted) reject(signal.reason);
      // Refused, reset, unreachable, TLS failure or silence: one answer, so replies cannot map ports.
      else reject(error instanceof EgressError ? error : unreachable(error));
    });
    req.end(hop.body ?? undefined);
  });
}

/** The response body as a web stream that errors once it passes the size cap. */
function bodyStream(res: IncomingMessage, maxBytes: number, finish: () => void) {
  let received = 0;
  let done = false;
  const end = (action: () => void) => {
    if (done) return;
    done = true;
    finish();
    action();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      res.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) {
          res.destroy();
          const mb = Math.round(maxBytes / 1024 / 1024);
          end(() => controller.error(new EgressError("too-large", `对方返回的内容过大（超过 ${mb} MB）`)));
          return;
        }
        if (!done) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
        if ((controller.desiredSize ?? 1) <= 0) res.pause();
      });
      res.on("end", () => end(() => controller.close()));
      res.on("error", (error) => end(() => controller.error(error)));
      res.on("close", () => {
        if (!res.complete) end(() => controller.error(new Error("terminated: the other side closed the response")));
      });
    },
    pull() {
      res.resume();
    },
    cancel() {
      end(() => res.destroy());
    },
  });
}

function toHeaders(res: IncomingMessage) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

async function firstHop(input: RequestInfo | URL, init: RequestInit | undefined) {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  // A stand-in URL: Request would refuse one with credentials before the guard could explain why.
  const request =
    input instanceof Request
      ? new Request(input, init)
      : new Request("http://egress.invalid/", { ...init, ...(init?.body ? { duplex: "half" } : {}) } as RequestInit);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Bodies arrive as sent, so the size cap counts what crosses the wire.
  headers["accept-encoding"] = "identity";
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
  if (body) headers["content-length"] = String(body.length);
  return { raw, hop: { method: request.method, headers, body }, signal: init?.signal ?? undefined, request };
}

/**
 * `fetch` for addresses a user can influence: every hop is checked (see guard.ts) and connected to the
 * checked address, redirects are followed by hand (each re-checked, credentials dropped across origins),
 * with connect, header and total timeouts and a response size cap. Pass it as `fetch` to AI SDK providers.
 */
export function guardedFetch(config: { EGRESS_ALLOW: string }, options: EgressLimits = {}): typeof fetch {
  const allow = parseEgressAllow(config.EGRESS_ALLOW);
  const { resolve = systemResolver, ...rest } = options;
  const limits: typeof DEFAULTS = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
  };

  const run = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { raw, hop, signal: callerSignal, request } = await firstHop(input, init);
    const total = AbortSignal.timeout(limits.totalTimeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, total]) : total;
    let location: string | URL = raw;
    for (let redirects = 0; ; redirects++) {
      signal.throwIfAborted();
      const target = await checkTarget(location, allow, resolve);
      const res = await send(target, hop, limits, signal).catch((error) => {
        throw total.aborted && !callerSignal?.aborted ? timeoutError() : error;
      });
      const next = res.headers.location;
      if (
        res.statusCode &&
        [301, 302, 303, 307, 308].includes(res.statusCode) &&
        next &&
        request.redirect !== "manual"
      ) {
        res.resume();
        if (request.redirect === "error" || redirects >= limits.maxRedirects)
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
      const empty = hop.method === "HEAD" || status === 204 || status === 205 || status === 304;
      const onAbort = () => res.destroy(total.aborted ? timeoutError() : signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      const finish = () => signal.removeEventListener("abort", onAbort);
      if (empty) {
        res.resume();
        finish();
      }
      const response = new Response(empty ? null : bodyStream(res, limits.maxResponseBytes, finish), {
        status,
        statusText: res.statusMessage,
        headers: toHeaders(res),
      });
      Object.defineProperty(response, "url", { value: target.url.href });
      return response;
    }
  };
  return run as typeof fetch;
}

const timeoutError = () => new EgressError("timeout", "对方响应超时，请稍后再试");
