import { forwardBodyToApi } from "#app/lib/relay.server";
import { urlOf } from "#contract/api/endpoint";
import { file } from "#contract/api/file";
import type { Route } from "./+types/file-upload";

/**
 * POST multipart `file` (with `?chatKey=` on temporary links): streams the upload on to /api/file/upload,
 * so the browser's XHR can report progress while the backend enforces type and size limits.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const chatKey = new URL(request.url).searchParams.get("chatKey") ?? undefined;
  return forwardBodyToApi(context, request, urlOf(file.upload, { query: { chatKey } }));
}
