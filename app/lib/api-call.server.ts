import type { AppLoadContext } from "react-router";
import { type Endpoint, pathOf } from "../../contract/api";
import type { ParamNames } from "../../contract/api/endpoint";
import type { z } from "../../contract/zod";
import { type ApiResult, api, tryApi } from "./api.server";

/** What an endpoint answers in `data`: its response schema's type, or `unknown` where the contract leaves it open. */
export type DataOf<E extends Endpoint> = E["response"] extends z.ZodType ? z.output<E["response"]> : unknown;

type ParamsInput<E extends Endpoint> = [ParamNames<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E["path"]>, string | number> };
type BodyInput<E extends Endpoint> = E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: undefined };
type QueryInput<E extends Endpoint> = E["query"] extends z.ZodType
  ? { query?: Record<string, string | number | undefined> }
  : { query?: undefined };

/** An endpoint's request: its path parameters, its body and its query, as the contract types them. */
export type RequestOf<E extends Endpoint> = ParamsInput<E> & BodyInput<E> & QueryInput<E>;

/** The request argument: optional when the endpoint needs nothing (no path parameter, no body). */
type Args<E extends Endpoint> = Record<string, never> extends RequestOf<E> ? [RequestOf<E>?] : [RequestOf<E>];

/** The URL of a call: the path with its parameters filled in, and the query's defined values. */
export function urlOf<E extends Endpoint>(e: E, input: RequestOf<E>) {
  const path = pathOf(e, input.params as Record<string, string | number> | undefined);
  const entries = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined);
  return entries.length ? `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : path;
}

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
