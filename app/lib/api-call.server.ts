import type { AppLoadContext } from "react-router";
import type { Endpoint } from "#contract/api";
import { type RequestOf, type ResponseOf, urlOf } from "#contract/api/endpoint";
import { type ApiResult, api, apiRaw, tryApi } from "./api.server";

export { type RequestOf, urlOf };

/**
 * The web's typed client over the contract (contract/api): a loader or action names an endpoint and gets the
 * envelope's `data` typed by the endpoint's response schema. The path comes from the endpoint and its `params`,
 * the method from the endpoint, the body is checked against the endpoint's body schema at compile time (the
 * server validates it at run time). Uploads from a form go through `apiUpload`; streams are relayed with
 * `postJsonToApi` and a browser's upload with `forwardBodyToApi` (relay.server.ts).
 *
 *   const agent = await apiCall(context, request, endpoints.agent.get, { params: { agentId } });
 *   const res = await tryApiCall(context, request, endpoints.space.add, { body: { name } });
 */

export type DataOf<E extends Endpoint> = ResponseOf<E>;

/** The request argument: optional when the endpoint needs nothing (no path parameter, no body). */
type Args<E extends Endpoint> = Record<string, never> extends RequestOf<E> ? [RequestOf<E>?] : [RequestOf<E>];

const call = <E extends Endpoint>(e: E, input: RequestOf<E> | undefined) => {
  const req = (input ?? {}) as RequestOf<E>;
  return [urlOf(e, req), { method: e.method, body: req.body }] as const;
};

/**
 * For loaders: calls an endpoint and returns its typed data. A missing or expired session (4010/4011) redirects
 * to the login page; any other refusal is thrown as an error response for the error boundary.
 */
export function apiCall<E extends Endpoint>(
  context: AppLoadContext,
  request: Request,
  e: E,
  ...[input]: Args<E>
): Promise<DataOf<E>> {
  return api<DataOf<E>>(context, request, ...call(e, input));
}

/** For actions: as `apiCall`, but a refusal comes back as the result (with its field errors) instead of being thrown. */
export function tryApiCall<E extends Endpoint>(
  context: AppLoadContext,
  request: Request,
  e: E,
  ...[input]: Args<E>
): Promise<ApiResult<DataOf<E>>> {
  return tryApi<DataOf<E>>(context, request, ...call(e, input));
}

/**
 * The whole envelope and headers, never a redirect or a throw: for callers that decide themselves what a
 * refusal means (the pollers' relays answer "nothing new", the root layout renders without settings).
 */
export async function apiEnvelope<E extends Endpoint>(
  context: AppLoadContext,
  request: Request,
  e: E,
  ...[input]: Args<E>
) {
  return apiRaw<DataOf<E>>(context, request, ...call(e, input));
}

/** Uploads multipart form data (e.g. a file) to an endpoint that reads it; answers like `apiEnvelope`. */
export async function apiUpload<E extends Endpoint<"POST">>(
  context: AppLoadContext,
  request: Request,
  e: E,
  form: FormData,
  ...[input]: Args<E>
) {
  return apiRaw<DataOf<E>>(context, request, urlOf(e, (input ?? {}) as RequestOf<E>), { method: e.method, body: form });
}
