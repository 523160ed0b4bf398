import { safeRedirect } from "#app/lib/api.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { idParam } from "#app/lib/url";
import { modelAction } from "../model-manage.server";
import type { Route } from "./+types/space-models";

/**
 * POST from <SpaceModels> (any page can mount it): saves, tests or deletes one of the space's models, then
 * goes back to that page — `done` after success, `back` (dialog still open) with the reason otherwise.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const spaceId = idParam(String(form.get("spaceId") ?? ""), "空间不存在");
  const done = safeRedirect(String(form.get("done") ?? ""));
  const back = safeRedirect(String(form.get("back") ?? ""), done);
  const reply = await modelAction(context, request, { kind: "space", spaceId }, done);
  if (reply instanceof Response) return reply;
  const test = "test" in reply ? reply.test : undefined;
  if (test)
    return redirectWithToast(context, back, { type: test.success ? "success" : "error", message: test.message });
  const errors = "result" in reply ? Object.values(reply.result.error ?? {}).flat() : [];
  const reason = reply.intent === "delete" ? reply.error : (errors.find(Boolean) ?? "保存失败");
  return redirectWithToast(context, back, { type: "error", message: reason });
}
