import { pluginPath } from "#app/components/plugin/paths";
import { safeRedirect } from "#app/lib/api.server";
import { tryApiCall } from "#app/lib/api-call.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/plugin-copy";

/**
 * 复制到空间 from the square's plugin tab: copies the published snapshot into one of the caller's spaces and opens
 * the copy; a refusal goes back to the square with the reason as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const back = safeRedirect(String(formData.get("redirectTo") ?? ""), "/square?cate_type=Plugin");
  const targetId = Number(formData.get("pluginId"));
  const targetSpaceId = Number(formData.get("spaceId"));
  if (![targetId, targetSpaceId].every((n) => Number.isSafeInteger(n) && n > 0)) {
    return redirectWithToast(context, back, { type: "error", message: "请选择要复制到的空间" });
  }
  const res = await tryApiCall(context, request, endpoints.publish.templateCopy, {
    body: { targetType: "Plugin", targetId, targetSpaceId },
  });
  if (!res.ok) return redirectWithToast(context, back, { type: "error", message: res.error.message });
  const type = formData.get("pluginType") === "CODE" ? "CODE" : "HTTP";
  return redirectWithToast(context, pluginPath({ id: res.data, spaceId: targetSpaceId, type }), {
    type: "success",
    message: "插件已复制到空间",
  });
}
