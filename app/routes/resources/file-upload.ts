import { forwardBodyToApi } from "../../lib/relay.server";
import type { Route } from "./+types/file-upload";

/**
 * POST multipart `file` (with `?chatKey=` on temporary links): streams the upload on to /api/file/upload,
 * so the browser's XHR can report progress while the backend enforces type and size limits.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return forwardBodyToApi(context, request, `/api/file/upload${new URL(request.url).search}`);
}
