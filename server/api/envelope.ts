import type { z } from "zod";

export const Codes = {
  OK: "0000",
  BUSINESS: "0001",
  BAD_INPUT: "4000",
  NOT_LOGGED_IN: "4010",
  REDIRECT_LOGIN: "4011",
  FORBIDDEN: "4030",
  NOT_FOUND: "4040",
  METHOD: "4050",
  RATE_LIMITED: "4290",
  INTERNAL: "5000",
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

export interface Envelope<T = unknown> {
  code: string;
  displayCode: string;
  message: string;
  data: T;
  tid: string;
  success: boolean;
}

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
export const forbidden = (message = "无权限") => new AppError(Codes.FORBIDDEN, message);
export const notFound = (message = "资源不存在") => new AppError(Codes.NOT_FOUND, message);
export const rateLimited = (message: string) => new AppError(Codes.RATE_LIMITED, message);
export const notLoggedIn = () => new AppError(Codes.NOT_LOGGED_IN, "未登录或登录超时");

/** Turns the first zod issue into "参数 'field' …" so the client knows which field to fix. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "参数错误";
  const field = issue.path.length ? issue.path.join(".") : "请求体";
  return `参数 '${field}' ${issue.message}`;
}
