import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ApiError } from "./api.server";

/** "参数 'name' 最多 32 个字符" → ["name", "最多 32 个字符"]: the backend names the field it refused. */
const FIELD_MESSAGE = /^参数 '([\w.]+)' (.+)$/;

/**
 * Puts a backend refusal where the user will look: under the named field when the form has it (or under
 * `field` for refusals that concern one field, like a taken user name), otherwise above the form.
 */
export function replyWithApiError(
  submission: Submission<unknown>,
  error: ApiError,
  field?: string,
): SubmissionResult<string[]> {
  const match = FIELD_MESSAGE.exec(error.message);
  const fields = Object.keys(submission.payload);
  if (match?.[1] && fields.includes(match[1])) {
    return submission.reply({ fieldErrors: { [match[1]]: [match[2] ?? error.message] } });
  }
  if (field) return submission.reply({ fieldErrors: { [field]: [error.message] } });
  const message = error.code === "5000" ? `${error.message}（请求编号 ${error.tid}）` : error.message;
  return submission.reply({ formErrors: [message] });
}
