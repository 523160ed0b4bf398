import type { AppLoadContext } from "react-router";
import { apiCall } from "#app/lib/api-call.server";
import { pageParam, textParam } from "#app/lib/url";
import { endpoints } from "#contract/api";

const PAGE_SIZE = 20;

/** The square's 工作流 tab (?cate_type=Workflow): a page of published workflows. */
export const isWorkflowTab = (url: URL) => url.searchParams.get("cate_type") === "Workflow";

export async function loadSquareWorkflows(context: AppLoadContext, request: Request, url: URL) {
  const kw = textParam(url, "kw");
  const list = await apiCall(context, request, endpoints.workflow.squareList, {
    body: { page: pageParam(url), pageSize: PAGE_SIZE, kw: kw || undefined },
  });
  return { list, kw };
}
