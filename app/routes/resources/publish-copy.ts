import { parseWithZod } from "@conform-to/zod/v4";
import { copyToSpaceSchema } from "#app/components/publish/copy-to-space";
import { safeRedirect } from "#app/lib/api.server";
import { tryApiCall } from "#app/lib/api-call.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/publish-copy";

/**
 * 复制到空间 from the agent details page: copies the published snapshot and opens the copy in the editor;
 * a refusal goes back to the page it came from with the reason as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const back = safeRedirect(String(formData.get("redirectTo") ?? ""), "/square");
  const submission = parseWithZod(formData, { schema: copyToSpaceSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "参数错误";
    return redirectWithToast(context, back, { type: "error", message });
  }
  const { agentId, spaceId } = submission.value;
  const res = await tryApiCall(context, request, endpoints.publish.templateCopy, {
    body: { targetType: "Agent", targetId: agentId, targetSpaceId: spaceId },
  });
  if (!res.ok) return redirectWithToast(context, back, { type: "error", message: res.error.message });
  // "复制成功；…" tells that the copy's model was a private one of another space and was swapped.
  const message = res.message === "复制成功" ? "已复制到空间" : res.message;
  return redirectWithToast(context, `/space/${spaceId}/agent/${res.data}`, { type: "success", message });
}
