import type { Context } from "hono";
import type { z } from "zod";
import { id } from "../lib/zod";
import type { Actor, ApiEnv } from "./context";
import { AppError, Codes, envelope, zodMessage } from "./envelope";

type Ctx = Context<ApiEnv>;

export function ok<T>(c: Ctx, data: T, message = "成功") {
  return c.json(envelope(Codes.OK, message, data ?? null, c.get("tid")));
}

/** Parses and validates the JSON body; bad JSON or a bad field is a 4000 naming the field. */
export async function readBody<S extends z.ZodType>(c: Ctx, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {};
  const text = await c.req.text();
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
  const result = schema.safeParse(raw);
  if (!result.success) throw new AppError(Codes.BAD_INPUT, zodMessage(result.error));
  return result.data;
}

export function idParam(c: Ctx, name: string): number {
  const result = id().safeParse(c.req.param(name));
  if (!result.success) throw new AppError(Codes.BAD_INPUT, `参数 '${name}' 必须是正整数`);
  return result.data;
}

/**
 * The caller or a login refusal: 4011 carries the login URL when the request came from a page
 * (it has a Referer), 4010 otherwise — as the original client expects.
 */
export function requireActor(c: Ctx): Actor {
  const actor = c.get("actor");
  if (actor) return actor;
  const referer = c.req.header("referer");
  if (referer) {
    let back = "/";
    try {
      const u = new URL(referer);
      back = u.pathname + u.search;
    } catch {
      back = "/";
    }
    throw new AppError(Codes.REDIRECT_LOGIN, `/login?redirect=${encodeURIComponent(back)}`);
  }
  throw new AppError(Codes.NOT_LOGGED_IN, "未登录或登录超时");
}
