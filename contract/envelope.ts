import { z } from "./zod";

/** The envelope's outcome codes (decision 0001). */
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

/** The envelope around a response schema, for conformance checks and typed clients. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.string(),
    displayCode: z.string(),
    message: z.string(),
    data,
    tid: z.string(),
    success: z.boolean(),
  });

/**
 * What a `4000` refusal carries in `data`: each refused field's dotted path with its messages, so a form shows the
 * message under the right field without reading the sentence.
 */
export const fieldErrorsSchema = z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>["fieldErrors"];

/** The refused fields of a `4000`, or null when the refusal is not about a field. */
export function fieldErrorsOf(data: unknown): FieldErrors | null {
  const parsed = fieldErrorsSchema.safeParse(data);
  return parsed.success ? parsed.data.fieldErrors : null;
}

/** "参数 'a.b' 消息": how the message names the refused field, for clients that only read the message. */
export const fieldMessage = (path: string, message: string) => `参数 '${path || "请求体"}' ${message}`;

/** A zod error as field errors keyed by dotted path (first message of each field first). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    out[path] = [...(out[path] ?? []), issue.message];
  }
  return out;
}
