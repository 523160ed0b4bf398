import type { FavouriteListInput } from "#contract/api/favourite";
import { pageParam, textParam } from "./url";

/**
 * One page of the caller's favourites on a square tab (`?collect=1&page=N&kw=…`), `list` calling the favourites
 * list endpoint. That endpoint answers a plain array without a total (the original client reads `data` as the
 * list itself), so whether another page follows is read by asking for the one card after this page.
 */
export async function favouritesPage<T>(url: URL, pageSize: number, list: (body: FavouriteListInput) => Promise<T[]>) {
  const current = pageParam(url);
  const kw = textParam(url, "kw") || undefined;
  const [records, after] = await Promise.all([
    list({ page: current, pageSize, kw }),
    list({ page: current * pageSize + 1, pageSize: 1, kw }),
  ]);
  return { records, current, hasNext: after.length > 0 };
}
