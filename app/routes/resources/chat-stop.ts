import { badRequest, postJsonToApi, readJsonBody } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import { requestIdSchema } from "#contract/api/conversation";
import type { Route } from "./+types/chat-stop";

/** POST {requestId, temp?}: asks the backend to stop a running answer (temporary-link chats have their own path). */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  const requestId = requestIdSchema.safeParse(body?.requestId);
  if (!requestId.success) return badRequest("参数 'requestId' 格式不正确");
  const stop = body?.temp ? endpoints.tempchat.stop : endpoints.conversation.stop;
  return postJsonToApi(context, request, stop, {}, { requestId: requestId.data });
}
