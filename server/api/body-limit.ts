import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "../config";
import { Codes, envelope } from "../core";

/** The largest file a tenant may allow (its `maxFileSize` is capped here too). */
export const UPLOAD_HARD_LIMIT = 100 * 1024 * 1024;
/** What a multipart upload may carry besides the file: boundaries, part headers, a few small fields. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * Paths whose bodies are file uploads: the upload API, the web's upload relay and the chat pages' no-JavaScript
 * send form (which may carry files; `.data` is React Router's form submission path for the same route).
 */
const UPLOAD_PATHS =
  /^\/(?:api\/file\/upload|api\/compose\/db\/table\/importExcel\/\d+|resources\/file-upload|(?:home\/chat\/\d+|chat-temp\/[^/]+?)(?:\.data)?)$/;

export const isUploadPath = (path: string) => UPLOAD_PATHS.test(path);

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`请求体过大，不能超过 ${formatSize(limit)}`);
  }
}

export function formatSize(bytes: number) {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} 字节`;
}

/**
 * The refusal for a body past its limit: the /api contract answers with its envelope (HTTP 200, code 4000, as
 * every /api refusal does); pages and resource routes get a plain HTTP 413.
 */
function tooLarge(c: Context, limit: number, tid: () => string) {
  const message = new BodyTooLargeError(limit).message;
  if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
    return c.json(envelope(Codes.BAD_INPUT, message, null, tid()));
  }
  return c.text(message, 413);
}

/**
 * Wraps a body so its bytes are counted as they arrive; past `limit` the stream fails with BodyTooLargeError
 * (whoever reads it stops there) and `tripped()` turns true. Nothing is buffered.
 */
export function countedBody(body: ReadableStream<Uint8Array>, limit: number) {
  let size = 0;
  let tripped = false;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) {
          tripped = true;
          controller.error(new BodyTooLargeError(limit));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { body: counted, tripped: () => tripped };
}

/** A body's length as its headers declare it; null when it arrives chunked or declares none (then it is counted). */
export function declaredLength(headers: Headers) {
  if (headers.has("transfer-encoding")) return null;
  const length = headers.get("content-length");
  return length === null ? null : Number(length);
}

/**
 * Every request body is bounded before any handler sees it, whether it declares a Content-Length or arrives
 * chunked. JSON and forms (API and React Router actions alike) are read through hono's body limit, which
 * counts chunked bodies and stops reading at `BODY_LIMIT`; uploads are streamed on, counted, up to the
 * largest allowed file — their handler streams them to disk and applies the tenant's own smaller limit.
 */
export function limitBodies(config: Pick<Config, "BODY_LIMIT">, tid: () => string): MiddlewareHandler {
  const small = bodyLimit({ maxSize: config.BODY_LIMIT, onError: (c) => tooLarge(c, config.BODY_LIMIT, tid) });
  const uploadLimit = UPLOAD_HARD_LIMIT + MULTIPART_OVERHEAD;
  return async (c, next) => {
    const raw = c.req.raw;
    // Asking for `raw.body` turns the HTTP server's lightweight request into a full web Request (a stream over
    // the socket, a copy of the headers), a cost every API call paid here: a body of declared length is judged
    // by its header alone (Node reads no more than it declares), only chunked bodies and uploads are counted.
    if (raw.method === "GET" || raw.method === "HEAD") return next();
    const declared = declaredLength(raw.headers);
    if (!isUploadPath(c.req.path)) {
      if (declared !== null) return declared > config.BODY_LIMIT ? tooLarge(c, config.BODY_LIMIT, tid) : next();
      // Chunked, or streamed in-process by the web layer with no length at all: counted as it arrives.
      return raw.body ? small(c, next) : next();
    }
    if (declared !== null && declared > uploadLimit) return tooLarge(c, uploadLimit, tid);
    if (!raw.body) return next();
    const counted = countedBody(raw.body, uploadLimit);
    c.req.raw = new Request(raw, { body: counted.body, duplex: "half" } as RequestInit);
    await next();
    if (counted.tripped()) c.res = tooLarge(c, uploadLimit, tid);
  };
}
