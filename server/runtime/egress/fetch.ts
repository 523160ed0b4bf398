import type { IncomingHttpHeaders } from "node:http";
import type { BodyChunks } from "./body";
import { bodiless, type EgressLimits, type EgressRequestInit, guardedRequest } from "./request";

/** The body as a web stream, pulled from the guarded body (its size cap, timeouts and aborts hold). */
function webStream(chunks: BodyChunks) {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

function toHeaders(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** fetch's arguments as the guarded request's: headers, method, body bytes, signal and redirect mode. */
async function requestInit(input: RequestInfo | URL, init: RequestInit | undefined) {
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
  const egress: EgressRequestInit = {
    method: request.method,
    headers,
    body: request.body ? Buffer.from(await request.arrayBuffer()) : null,
    signal: init?.signal ?? undefined,
    redirect: request.redirect,
  };
  return { raw, egress };
}

/**
 * `fetch` for addresses a user can influence, with every guard of guardedRequest (request.ts): each hop checked and
 * connected to the checked address, redirects re-checked, timeouts and a size cap. Pass it as `fetch` to AI SDK
 * providers and to anything else that wants web Request/Response objects.
 */
export function guardedFetch(config: { EGRESS_ALLOW: string }, options: EgressLimits = {}): typeof fetch {
  const request = guardedRequest(config, options);
  const run = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { raw, egress } = await requestInit(input, init);
    const res = await request(raw, egress);
    const response = new Response(bodiless(egress.method ?? "GET", res.status) ? null : webStream(res.body), {
      status: res.status,
      statusText: res.statusText,
      headers: toHeaders(res.headers),
    });
    Object.defineProperty(response, "url", { value: res.url });
    return response;
  };
  return run as typeof fetch;
}
