import { id, z } from "../zod";

export type Method = "GET" | "POST";

/** The `:name` segments of a Hono path, e.g. "/a/:spaceId/b/:id" → "spaceId" | "id". */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

type ParamsShape<P extends string> = { [K in ParamNames<P>]: z.ZodType };

/**
 * One API endpoint: its method and path (Hono form, `:name` for a path parameter), the schemas of its path
 * parameters, query and body, and — where it is pinned down — the schema of the envelope's `data`.
 * `stream` marks the endpoints that answer with server-sent events rather than an envelope; `file` those that
 * answer a file itself (a download) when they succeed, and an envelope when they refuse.
 */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: M;
  path: P;
  params: Params;
  query: Query;
  body: Body;
  response: Response;
  stream: boolean;
  file: boolean;
}

type ParamsOf<P extends string, Given> = Given extends z.ZodType
  ? Given
  : z.ZodObject<{ [K in ParamNames<P>]: ReturnType<typeof id> }>;

/**
 * Declares an endpoint. Path parameters are positive integer ids unless `params` says otherwise (its keys
 * must be the path's parameter names).
 */
export function endpoint<
  const M extends Method,
  const P extends string,
  Params extends z.ZodObject<ParamsShape<P>> | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType | undefined = undefined,
>(def: {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  response?: Response;
  stream?: boolean;
  file?: boolean;
}): Endpoint<M, P, ParamsOf<P, Params>, Query, Body, Response> {
  const params = def.params ?? z.object(Object.fromEntries(paramNames(def.path).map((n) => [n, id()])));
  return {
    method: def.method,
    path: def.path,
    params: params as ParamsOf<P, Params>,
    query: def.query as Query,
    body: def.body as Body,
    response: def.response as Response,
    stream: def.stream ?? false,
    file: def.file ?? false,
  };
}

/** The path with its parameters filled in (each URL-encoded). */
export function pathOf(e: Pick<Endpoint, "path">, params: Record<string, string | number> = {}) {
  return e.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: missing path parameter '${name}'`);
    return encodeURIComponent(String(value));
  });
}

/** The `:name` parameters of a path, in order. */
export const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] as string);

/** Responses that are exactly `null` (the endpoint acts and returns nothing). */
export const nothing = z.null();

type ParamsInput<E extends Endpoint> = [ParamNames<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<E["path"]>, string | number> };
type BodyInput<E extends Endpoint> = E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: undefined };
type QueryInput<E extends Endpoint> = E["query"] extends z.ZodType
  ? { query?: Record<string, string | number | undefined> }
  : { query?: undefined };

/** What an endpoint answers in `data`: its response schema's output type, or `unknown` where the contract leaves it open. */
export type ResponseOf<E extends Endpoint> = E["response"] extends z.ZodType ? z.output<E["response"]> : unknown;

/** An endpoint's request: its path parameters, its body and its query, as the contract types them. */
export type RequestOf<E extends Endpoint> = ParamsInput<E> & BodyInput<E> & QueryInput<E>;

/** The URL of a call: the path with its parameters filled in, and the query's defined values. */
export function urlOf<E extends Endpoint>(e: E, input: RequestOf<E>) {
  const path = pathOf(e, input.params as Record<string, string | number> | undefined);
  const entries = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined);
  return entries.length ? `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : path;
}
