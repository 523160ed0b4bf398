import type { AppLoadContext } from "react-router";
import { favouritesOnly } from "#app/components/favourite/favourite-filter";
import { apiCall } from "#app/lib/api-call.server";
import { favouritesPage } from "#app/lib/favourites-page.server";
import { pageParam, textParam } from "#app/lib/url";
import { endpoints } from "#contract/api";

const PAGE_SIZE = 20;

/** The square's 工作流 tab (?cate_type=Workflow): a page of published workflows. */
export const isWorkflowTab = (url: URL) => url.searchParams.get("cate_type") === "Workflow";

/** With `?collect=1` the page is one page of the caller's favourites (newest first). */
export async function loadSquareWorkflows(context: AppLoadContext, request: Request, url: URL) {
  const kw = textParam(url, "kw");
  const collect = favouritesOnly(url);
  const list = collect
    ? await favouritesPage(url, PAGE_SIZE, (body) =>
        apiCall(context, request, endpoints.favourite.workflowCollectList, { body }),
      )
    : await apiCall(context, request, endpoints.workflow.squareList, {
        body: { page: pageParam(url), pageSize: PAGE_SIZE, kw: kw || undefined },
      });
  return { list, kw, collect };
}
