import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { safeRedirect } from "#app/lib/api.server";
import { tryApiCall } from "#app/lib/api-call.server";
import { idField } from "#app/lib/forms";
import { redirectWithToast } from "#app/lib/toast.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/favourite";

const { agent, favourite } = endpoints;

const favouriteSchema = z.object({
  kind: z.enum(["Agent", "Plugin", "Workflow"], { message: "未知的收藏类型" }),
  intent: z.enum(["collect", "uncollect"], { message: "未知的操作" }),
  targetId: idField(),
  /** Present when a fetcher posts (JavaScript): answer with data instead of redirecting. */
  stay: z.string().optional(),
});

const toggles = {
  Agent: { collect: agent.collect, uncollect: agent.unCollect },
  Plugin: { collect: favourite.pluginCollect, uncollect: favourite.pluginUnCollect },
  Workflow: { collect: favourite.workflowCollect, uncollect: favourite.workflowUnCollect },
};

/**
 * 收藏 / 取消收藏 of a published agent, plugin or workflow (the square's cards). A fetcher gets the new
 * state back; a plain form post goes back to the page it came from with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const back = safeRedirect(String(formData.get("redirectTo") ?? ""), "/square");
  const submission = parseWithZod(formData, { schema: favouriteSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "参数错误";
    if (formData.get("stay")) return { ok: false, message };
    return redirectWithToast(context, back, { type: "error", message });
  }
  const { kind, intent, targetId, stay } = submission.value;
  const res = await tryApiCall(context, request, toggles[kind][intent], { params: { id: targetId } });
  if (stay) return res.ok ? { ok: true, collected: intent === "collect" } : { ok: false, message: res.error.message };
  return redirectWithToast(
    context,
    back,
    res.ok
      ? { type: "success", message: intent === "collect" ? "已收藏" : "已取消收藏" }
      : { type: "error", message: res.error.message },
  );
}
