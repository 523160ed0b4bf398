import type { Submission, SubmissionResult } from "@conform-to/react";
import type { ApiError } from "./api.server";

/**
 * Puts a backend refusal where the user will look: under the named field when the form has it (or under
 * `field` for refusals that concern one field, like a taken user name), otherwise above the form.
 */
export function replyWithApiError(
  submission: Submission<unknown>,
  error: ApiError,
  field?: string,
): SubmissionResult<string[]> {
  const fields = new Set(Object.keys(submission.payload));
  const onForm = Object.entries(error.fieldErrors ?? {}).filter(([path]) => fields.has(path));
  if (onForm.length) return submission.reply({ fieldErrors: Object.fromEntries(onForm) });
  if (field) return submission.reply({ fieldErrors: { [field]: [error.message] } });
  const message = error.code === "5000" ? `${error.message}（请求编号 ${error.tid}）` : error.message;
  return submission.reply({ formErrors: [message] });
}
