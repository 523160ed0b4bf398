import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import { type MemoryCategory, memoryCategories } from "#contract/api/memory";
import type { ApiResult } from "../lib/api.server";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { redirectWithToast } from "../lib/toast.server";

export const PAGE_SIZE = 20;

/** The page's state from its query string: filters, page, and which memory is being edited or deleted. */
export function readQuery(url: URL) {
  const positive = (name: string) => {
    const n = Number(url.searchParams.get(name));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const category = url.searchParams.get("category");
  return {
    agentId: positive("agent"),
    category: memoryCategories.includes(category as MemoryCategory) ? (category as MemoryCategory) : null,
    page: positive("page") ?? 1,
    edit: positive("edit"),
    remove: positive("delete"),
    clear: url.searchParams.get("clear") === "1",
  };
}

/** The list and the agents filter, read together. */
export async function memoryPage(context: AppLoadContext, request: Request, q: ReturnType<typeof readQuery>) {
  const [page, agents] = await Promise.all([
    apiCall(context, request, endpoints.memory.list, {
      body: { agentId: q.agentId, category: q.category, current: q.page, pageSize: PAGE_SIZE },
    }),
    apiCall(context, request, endpoints.memory.agents),
  ]);
  return { page, agents };
}

/** The same page without the edit/delete/clear state: where a form's answer and a cancel return to. */
export function listUrl(url: URL) {
  const back = new URL(url);
  for (const key of ["edit", "delete", "clear"]) back.searchParams.delete(key);
  return back.pathname + back.search;
}

/** intent=update | delete | clear, each answered with a toast on the list. */
export async function memoryAction(context: AppLoadContext, request: Request, form: FormData) {
  const back = listUrl(new URL(request.url));
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  let res: ApiResult<unknown>;
  let done: string;
  if (intent === "update") {
    res = await tryApiCall(context, request, endpoints.memory.update, {
      body: { id, content: String(form.get("content") ?? "") },
    });
    done = "已保存";
  } else if (intent === "delete") {
    res = await tryApiCall(context, request, endpoints.memory.delete, { params: { id } });
    done = "删除成功";
  } else if (intent === "clear") {
    const agentId = Number(form.get("agentId")) || null;
    res = await tryApiCall(context, request, endpoints.memory.clear, { body: { agentId } });
    done = "已清空";
  } else {
    return redirectWithToast(context, back, { type: "error", message: "未知的操作" });
  }
  return res.ok
    ? redirectWithToast(context, back, { type: "success", message: done })
    : redirectWithToast(context, intent === "update" ? `${back}${back.includes("?") ? "&" : "?"}edit=${id}` : back, {
        type: "error",
        message: res.error.message,
      });
}
