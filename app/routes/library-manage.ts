import type { libraryKinds } from "../components/library/kinds";
import { libraryCommands } from "../components/library/manage.server";
import { componentTypeLabels } from "../lib/labels";
import { redirectWithToast } from "../lib/toast.server";
import { idParam, spaceIdParam } from "../lib/url";
import type { Route } from "./+types/library-manage";

/**
 * The library's commands on any kind (POST only): 删除 (after its confirmation) and 复制到空间. Both end back in a
 * library with the outcome as a toast; a copy opens in its new space.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const formData = await request.formData();
  const type = String(formData.get("type") ?? "");
  const commands = Object.hasOwn(libraryCommands, type) ? libraryCommands[type as keyof typeof libraryCommands] : null;
  const library = `/space/${spaceId}/library${commands ? `?type=${type}` : ""}`;
  if (!commands) return redirectWithToast(context, library, { type: "error", message: "组件类型不存在" });
  const label = componentTypeLabels[type as keyof typeof libraryKinds];
  const id = idParam(String(formData.get("id") ?? ""), `${label}不存在`);
  const item = await commands.load(context, request, id);
  if (!item.ok) return redirectWithToast(context, library, { type: "error", message: item.error.message });
  const intent = formData.get("intent");

  if (intent === "delete") {
    const res = await commands.remove(context, request, id);
    return redirectWithToast(
      context,
      library,
      res.ok
        ? { type: "success", message: `${label}「${item.data.name}」已删除` }
        : { type: "error", message: res.error.message },
    );
  }

  if (intent === "copy" && commands.copy) {
    const targetSpaceId = Number(formData.get("targetSpaceId"));
    if (!Number.isSafeInteger(targetSpaceId) || targetSpaceId <= 0) {
      return redirectWithToast(context, library, { type: "error", message: "请选择目标空间" });
    }
    const res = await commands.copy(context, request, id, targetSpaceId);
    if (!res.ok) return redirectWithToast(context, library, { type: "error", message: res.error.message });
    return redirectWithToast(context, res.data.href, {
      type: "success",
      message: `${label}「${item.data.name}」已复制`,
    });
  }

  return redirectWithToast(context, library, { type: "error", message: "未知的操作" });
}
