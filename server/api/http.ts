import type { Context } from "hono";
import type { z } from "zod";
import type { Actor } from "../core";
import { AppError, badField, Codes, envelope, zodRefusal } from "../core";
import { id } from "../lib/zod";
import { declaredLength } from "./body-limit";
import type { ApiEnv } from "./context";

type Ctx = Context<ApiEnv>;

export function ok<T>(c: Ctx, data: T, message = "成功") {
  return c.json(envelope(Codes.OK, message, data ?? null, c.get("tid")));
}

/** JSON request bodies larger than this are refused before they are buffered (uploads use their own route). */
export const JSON_BODY_LIMIT = 4 * 1024 * 1024;

/** Reads the body as text, refusing it as soon as it grows past the limit. */
async function readLimitedText(c: Ctx, limit: number): Promise<string> {
  const declared = declaredLength(c.req.raw.headers);
  const tooLarge = () => new AppError(Codes.BAD_INPUT, `请求体过大，不能超过 ${Math.round(limit / 1024 / 1024)} MB`);
  if (declared !== null && declared > limit) throw tooLarge();
  // A body of declared length is read whole straight from the socket (Node reads no more than it declares),
  // without the web stream that `raw.body` would build; a chunked one is counted as it arrives.
  if (declared !== null) return c.req.raw.text();
  const body = c.req.raw.body;
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

interface PathNode {
  parent: PathNode | null;
  key: string | number;
}
const pathOf = (node: PathNode | null): (string | number)[] => {
  const keys: (string | number)[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse();
};

/**
 * The path of the first string (or object key) holding a NUL character, which PostgreSQL cannot store in
 * text: refusing it here keeps such input a 4000 instead of a database error. Walks with its own stack and
 * parent links, so deeply nested JSON costs linear time and cannot overflow the call stack.
 */
function nulPath(root: unknown): (string | number)[] | null {
  const stack: [unknown, PathNode | null][] = [[root, null]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [value, node] = next;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], { parent: node, key: i }]);
    } else if (value && typeof value === "object") {
      const entries = Object.entries(value);
      for (const [key] of entries) if (key.includes("\u0000")) return pathOf({ parent: node, key });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push([item, { parent: node, key }]);
      }
    }
  }
  return null;
}

/** Parses and validates the JSON body; bad JSON or a bad field is a 4000 naming the field. */
export async function readBody<S extends z.ZodType>(c: Ctx, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {};
  const text = await readLimitedText(c, JSON_BODY_LIMIT);
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError(Codes.BAD_INPUT, "请求体不是合法的 JSON");
    }
  }
  return parseWith(schema, raw);
}

export function readQuery<S extends z.ZodType>(c: Ctx, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const nul = nulPath(raw);
  if (nul) {
    throw badField(nul.slice(0, 8).join(".") + (nul.length > 8 ? ".…" : ""), "不能包含空字符");
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw zodRefusal(result.error);
  return result.data;
}

export function idParam(c: Ctx, name: string): number {
  const result = id().safeParse(c.req.param(name));
  if (!result.success) throw badField(name, "必须是正整数");
  return result.data;
}

/** Where a refused page request should send the browser: the login page, then back to the page. */
export function loginUrl(referer: string) {
  let back = "/";
  try {
    const u = new URL(referer);
    back = u.pathname + u.search;
  } catch {
    back = "/";
  }
  return `/login?redirect=${encodeURIComponent(back)}`;
}

/**
 * A "not signed in" refusal as the original client expects it: 4011 carrying the login URL when the request
 * came from a page (it has a Referer), 4010 otherwise. Used for every 4010, wherever it was thrown.
 */
export function notLoggedInFor(c: Ctx): AppError {
  const referer = c.req.header("referer");
  if (referer) return new AppError(Codes.REDIRECT_LOGIN, loginUrl(referer));
  return new AppError(Codes.NOT_LOGGED_IN, "未登录或登录超时");
}

/** The signed-in caller, or a 4010/4011 refusal. */
export function requireActor(c: Ctx): Actor {
  const actor = c.get("actor");
  if (actor) return actor;
  throw notLoggedInFor(c);
}
