import type { z } from "zod";
import { type Code, Codes, type Envelope, fieldMessage, zodFieldErrors } from "#contract/envelope";

export { type Code, Codes, type Envelope } from "#contract/envelope";

export function envelope<T>(code: string, message: string, data: T, tid: string): Envelope<T> {
  return { code, displayCode: code, message, data, tid, success: code === Codes.OK };
}

/** A refusal the client should see: its code and Chinese message reach the envelope as they are. */
export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const fail = (message: string) => new AppError(Codes.BUSINESS, message);
export const badInput = (message: string) => new AppError(Codes.BAD_INPUT, message);
/** A refusal of one field: the message names it and `data.fieldErrors` carries it for forms (decision 0001). */
export const badField = (path: string, message: string) =>
  new AppError(Codes.BAD_INPUT, fieldMessage(path, message), { fieldErrors: { [path]: [message] } });
export const forbidden = (message = "无权限") => new AppError(Codes.FORBIDDEN, message);
export const notFound = (message = "资源不存在") => new AppError(Codes.NOT_FOUND, message);
export const rateLimited = (message: string) => new AppError(Codes.RATE_LIMITED, message);
export const notLoggedIn = () => new AppError(Codes.NOT_LOGGED_IN, "未登录或登录超时");

/**
 * A zod refusal: the first issue as "参数 'field' …" in the message, every refused field in `data.fieldErrors`,
 * so a client knows which field to fix without reading the sentence.
 */
export function zodRefusal(error: z.ZodError, prefix = ""): AppError {
  const issue = error.issues[0];
  if (!issue) return badInput("参数错误");
  const at = (path: string) => [prefix, path].filter(Boolean).join(".");
  const fieldErrors = Object.fromEntries(
    Object.entries(zodFieldErrors(error)).map(([path, messages]) => [at(path), messages]),
  );
  return new AppError(Codes.BAD_INPUT, fieldMessage(at(issue.path.map(String).join(".")), issue.message), {
    fieldErrors,
  });
}
