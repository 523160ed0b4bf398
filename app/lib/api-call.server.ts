import type { AppLoadContext } from "react-router";
import type { Endpoint } from "../../contract/api";
import { type RequestOf, urlOf } from "../../contract/api/endpoint";
import type { z } from "../../contract/zod";
import { type ApiResult, api, tryApi } from "./api.server";

export { type RequestOf, urlOf };

/** What an endpoint answers in `data`: its response schema's type, or `unknown` where the contract leaves it open. */
export type DataOf<E extends Endpoint> = E["response"] extends z.ZodType ? z.output<E["response"]> : unknown;

/** The request argument: optional when the endpoint needs nothing (no path parameter, no body). */
type Args<E extends Endpoint> = Record<string, never> extends RequestOf<E> ? [RequestOf<E>?] : [RequestOf<E>];

/** For loaders: calls an endpoint named by the contract and returns its typed data (refusals as in `api`). */
export function apiCall<E extends Endpoint>(
  context: AppLoadContext,
  request: Request,
  e: E,
  ...[input]: Args<E>
): Promise<DataOf<E>> {
  const req = (input ?? {}) as RequestOf<E>;
  return api<DataOf<E>>(context, request, urlOf(e, req), { method: e.method, body: req.body });
}

/** For actions: as `apiCall`, but a refusal comes back as the result instead of being thrown. */
export function tryApiCall<E extends Endpoint>(
  context: AppLoadContext,
  request: Request,
  e: E,
  ...[input]: Args<E>
): Promise<ApiResult<DataOf<E>>> {
  const req = (input ?? {}) as RequestOf<E>;
  return tryApi<DataOf<E>>(context, request, urlOf(e, req), { method: e.method, body: req.body });
}
