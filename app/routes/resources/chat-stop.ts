import { badRequest, postJsonToApi, readJsonBody } from "../../lib/relay.server";
import type { Route } from "./+types/chat-stop";

const REQUEST_ID = /^[a-f0-9]{32}$/;

/** POST {requestId, temp?}: asks the backend to stop a running answer (temporary-link chats have their own path). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  const requestId = body?.requestId;
  if (typeof requestId !== "string" || !REQUEST_ID.test(requestId)) return badRequest("参数 'requestId' 格式不正确");
  const path = body?.temp
    ? `/api/temp/chat/conversation/${requestId}`
    : `/api/agent/conversation/chat/stop/${requestId}`;
  return postJsonToApi(context, request, path, {});
}
