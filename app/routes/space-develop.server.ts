import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import type { AgentDto } from "../../server/modules/agent/dto";
import type { DevelopReply } from "../components/agent/develop-dialogs";
import { api, tryApi } from "../lib/api.server";
import { replyWithApiError } from "../lib/form.server";
import { idField } from "../lib/forms";
import { redirectWithToast } from "../lib/toast.server";

/** Query parameters that only open a dialog; dropped again once its action is done. */
const DIALOG_PARAMS = ["dialog", "agentId"];

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
  const dialogFailure = (error: Parameters<typeof replyWithApiError>[1]): DevelopReply => ({
    intent,
    agentId: value.agentId,
    result: replyWithApiError(submission, error),
  });

  switch (value.intent) {
    case "star":
    case "unstar": {
      const path = value.intent === "star" ? "dev/collect" : "dev/unCollect";
      const res = await tryApi(context, request, `/api/user/agent/${path}/${value.agentId}`, { method: "POST" });
      return res.ok ? done(value.intent === "star" ? "已收藏" : "已取消收藏") : refused(res.error.message);
    }
    case "copy": {
      const agent = await api<AgentDto>(context, request, `/api/agent/${value.agentId}`);
      const res = await tryApi<number>(context, request, `/api/agent/copy/${value.agentId}`, { method: "POST" });
      return res.ok ? done(`已创建「${agent.name}」的副本`) : refused(res.error.message);
    }
    case "move": {
      const agent = await api<AgentDto>(context, request, `/api/agent/${value.agentId}`);
      const target = await tryApi<{ name: string }>(context, request, `/api/space/get/${value.targetSpaceId}`);
      const res = await tryApi(context, request, `/api/agent/transfer/${value.agentId}/space/${value.targetSpaceId}`, {
        method: "POST",
      });
      if (!res.ok) return dialogFailure(res.error);
      // A message other than the plain "成功" says the agent's model had to be swapped for the default.
      const notice = res.message !== "成功" ? `；${res.message}` : "";
      return done(`「${agent.name}」已迁移到${target.ok ? `空间「${target.data.name}」` : "目标空间"}${notice}`);
    }
    case "delete": {
      const agent = await api<AgentDto>(context, request, `/api/agent/${value.agentId}`);
      const res = await tryApi(context, request, `/api/agent/delete/${value.agentId}`, { method: "POST" });
      return res.ok ? done(`智能体「${agent.name}」已删除`) : dialogFailure(res.error);
    }
  }
}
