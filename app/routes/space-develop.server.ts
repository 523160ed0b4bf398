import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import type { DevelopReply } from "../components/agent/develop-dialogs";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { idField } from "../lib/forms";
import { redirectWithToast } from "../lib/toast.server";

/** Query parameters that only open a dialog or a card's menu; dropped again once its action is done. */
const DIALOG_PARAMS = ["dialog", "agentId", "menu"];

const { agent: agents, space } = endpoints;

export function pageUrl(request: Request) {
  const url = new URL(request.url);
  for (const name of DIALOG_PARAMS) url.searchParams.delete(name);
  return url.pathname + url.search;
}

const agentId = idField();
const developSchemas = {
  star: z.object({ intent: z.literal("star"), agentId }),
  unstar: z.object({ intent: z.literal("unstar"), agentId }),
  copy: z.object({ intent: z.literal("copy"), agentId }),
  move: z.object({ intent: z.literal("move"), agentId, targetSpaceId: idField() }),
  delete: z.object({ intent: z.literal("delete"), agentId }),
};
type DevelopIntent = keyof typeof developSchemas;
const isDevelopIntent = (v: unknown): v is DevelopIntent => typeof v === "string" && Object.hasOwn(developSchemas, v);

/** Every card action posts here with an `intent`; success redirects with a toast, a dialog's failure returns its reply. */
export async function developAction(context: AppLoadContext, request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isDevelopIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: developSchemas[intent] });
  if (submission.status !== "success") {
    return { intent, result: submission.reply() } satisfies DevelopReply;
  }
  const value = submission.value;
  const back = pageUrl(request);
  const done = (message: string) => redirectWithToast(context, back, { type: "success", message });
  // Star and copy have no dialog to show a refusal in (with JavaScript they run straight from the card).
  const refused = (message: string) => redirectWithToast(context, back, { type: "error", message });
  const agentOf = (id: number) => apiCall(context, request, agents.get, { params: { agentId: id } });
  const dialogFailure = (error: Parameters<typeof replyWithApiError>[1]): DevelopReply => ({
    intent,
    agentId: value.agentId,
    result: replyWithApiError(submission, error),
  });

  switch (value.intent) {
    case "star":
    case "unstar": {
      const toggle = value.intent === "star" ? agents.devCollect : agents.devUnCollect;
      const res = await tryApiCall(context, request, toggle, { params: { id: value.agentId } });
      return res.ok ? done(value.intent === "star" ? "已收藏" : "已取消收藏") : refused(res.error.message);
    }
    case "copy": {
      const { name } = await agentOf(value.agentId);
      const res = await tryApiCall(context, request, agents.copy, { params: { agentId: value.agentId } });
      return res.ok ? done(`已创建「${name}」的副本`) : refused(res.error.message);
    }
    case "move": {
      const { name } = await agentOf(value.agentId);
      const target = await tryApiCall(context, request, space.get, { params: { spaceId: value.targetSpaceId } });
      const res = await tryApiCall(context, request, agents.transfer, {
        params: { agentId: value.agentId, targetSpaceId: value.targetSpaceId },
      });
      if (!res.ok) return dialogFailure(res.error);
      // A message other than the plain "成功" says the agent's model had to be swapped for the default.
      const notice = res.message !== "成功" ? `；${res.message}` : "";
      return done(`「${name}」已迁移到${target.ok ? `空间「${target.data.name}」` : "目标空间"}${notice}`);
    }
    case "delete": {
      const { name } = await agentOf(value.agentId);
      const res = await tryApiCall(context, request, agents.delete, { params: { agentId: value.agentId } });
      return res.ok ? done(`智能体「${name}」已删除`) : dialogFailure(res.error);
    }
  }
}
