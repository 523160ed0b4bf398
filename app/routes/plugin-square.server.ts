import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import { favouritesOnly } from "../components/favourite/favourite-filter";
import { apiCall } from "../lib/api-call.server";
import { favouritesPage } from "../lib/favourites-page.server";
import { listSpaces } from "../lib/space.server";
import { pageParam, textParam } from "../lib/url";

const PAGE_SIZE = 20;

/** The square's 插件 tab (?cate_type=Plugin): a page of published plugins and the caller's spaces to copy into. */
export const isPluginTab = (url: URL) => url.searchParams.get("cate_type") === "Plugin";

/** With `?collect=1` the page is one page of the caller's favourites (newest first). */
export async function loadSquarePlugins(context: AppLoadContext, request: Request, url: URL) {
  const kw = textParam(url, "kw");
  const collect = favouritesOnly(url);
  const [list, spaces] = await Promise.all([
    collect
      ? favouritesPage(url, PAGE_SIZE, (body) =>
          apiCall(context, request, endpoints.favourite.pluginCollectList, { body }),
        )
      : apiCall(context, request, endpoints.plugin.squareList, {
          body: { page: pageParam(url), pageSize: PAGE_SIZE, kw: kw || undefined },
        }),
    listSpaces(context, request),
  ]);
  return { list, spaces, kw, collect };
}
