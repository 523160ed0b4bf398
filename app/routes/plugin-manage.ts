import { endpoints } from "../../contract/api";
import { pluginPath } from "../components/plugin/paths";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { redirectWithToast } from "../lib/toast.server";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/plugin-manage";
import { pluginIdParam } from "./plugin-editor.server";

/**
 * The library's plugin commands (POST only): 删除 (after its confirmation) and 复制到空间. Both end back in a
 * library with the outcome as a toast; a copy opens in its new space's library.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const pluginId = pluginIdParam(params.pluginId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const library = `/space/${spaceId}/library?type=Plugin`;
  const plugin = await apiCall(context, request, endpoints.plugin.get, { params: { pluginId } });

  if (intent === "delete") {
    const res = await tryApiCall(context, request, endpoints.plugin.delete, { params: { pluginId } });
    return redirectWithToast(
      context,
      library,
      res.ok
        ? { type: "success", message: `插件「${plugin.name}」已删除` }
        : { type: "error", message: res.error.message },
    );
  }

  if (intent === "copy") {
    const targetSpaceId = Number(formData.get("targetSpaceId"));
    if (!Number.isSafeInteger(targetSpaceId) || targetSpaceId <= 0) {
      return redirectWithToast(context, library, { type: "error", message: "请选择目标空间" });
    }
    const res = await tryApiCall(context, request, endpoints.plugin.copy, { params: { pluginId, targetSpaceId } });
    if (!res.ok) return redirectWithToast(context, library, { type: "error", message: res.error.message });
    return redirectWithToast(context, pluginPath({ id: res.data, spaceId: targetSpaceId, type: plugin.type }), {
      type: "success",
      message: `插件「${plugin.name}」已复制`,
    });
  }

  return redirectWithToast(context, library, { type: "error", message: "未知的操作" });
}
