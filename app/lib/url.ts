import { data } from "react-router";

/** `base` (a path with a query) with parameters set, or removed for null/empty: filter, page and confirm links. */
export function withParams(base: string, changes: Record<string, string | number | null | undefined>) {
  const url = new URL(base, "http://relative.invalid");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  return url.pathname + url.search;
}

/** The request's path and query: where a POST goes back to after it is done. */
export function pathOf(request: Request, drop: readonly string[] = []) {
  const url = new URL(request.url);
  for (const name of drop) url.searchParams.delete(name);
  return url.pathname + url.search;
}

/** A 1-based page number from the query string; anything else is page 1. */
export function pageParam(url: URL, name = "page") {
  const page = Number(url.searchParams.get(name));
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** A trimmed, length-capped text parameter (search boxes). */
export function textParam(url: URL, name: string, max = 64) {
  return (url.searchParams.get(name) ?? "").trim().slice(0, max);
}

/** A parameter that must be one of `values`; anything else is "" (all). */
export function choiceParam<T extends string>(url: URL, name: string, values: readonly T[]): T | "" {
  const value = url.searchParams.get(name);
  return values.includes(value as T) ? (value as T) : "";
}

/** A route's :id param as a number; anything else is a 404 page (with `missing` as its message), not a backend call. */
export function idParam(value: string | undefined, missing: string) {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ code: "4040", message: missing, tid: "" }, { status: 404 });
  return id;
}

export const agentIdParam = (value: string | undefined) => idParam(value, "智能体不存在");
export const spaceIdParam = (value: string | undefined) => idParam(value, "空间不存在");
