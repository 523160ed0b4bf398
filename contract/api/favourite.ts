import { z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { squarePluginSchema } from "./plugin";
import { squareWorkflowSchema } from "./workflow";

/**
 * Favourites (收藏) of published plugins and workflows, as the original client's square sets them (agents have
 * theirs under /api/user/agent). Idempotent; only for a publication the caller can see (4040 otherwise). The client
 * also sends `{pluginId}` / `{workflowId}` in the body; the path's id is the one read.
 *
 * `collect/list` answers the caller's favourites as the square's cards (newest favourite first), each with
 * `collect: true`. Its `data` is a plain array, not a page: the original client's component picker (我的收藏) and
 * its skill picker read `data` as the list itself (`[...(res.data ?? [])]`), so a page object would break them.
 * It is paged all the same by the body's `page` (from 1) and `pageSize` (at most 100, default 20), and `kw` matches
 * the name or description. Only favourites the caller can still see are listed: a publication taken off the
 * square, or published into a space the caller left, drops out (its favourite is kept and comes back with it).
 */
export const favouriteListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kw: z.string().trim().max(64).optional(),
});
export type FavouriteListInput = z.infer<typeof favouriteListInput>;

export const favourite = {
  pluginCollectList: endpoint({
    method: "POST",
    path: "/api/published/plugin/collect/list",
    body: favouriteListInput,
    response: z.array(squarePluginSchema),
  }),
  workflowCollectList: endpoint({
    method: "POST",
    path: "/api/published/workflow/collect/list",
    body: favouriteListInput,
    response: z.array(squareWorkflowSchema),
  }),
  pluginCollect: endpoint({ method: "POST", path: "/api/published/plugin/collect/:id", response: nothing }),
  pluginUnCollect: endpoint({ method: "POST", path: "/api/published/plugin/unCollect/:id", response: nothing }),
  workflowCollect: endpoint({ method: "POST", path: "/api/published/workflow/collect/:id", response: nothing }),
  workflowUnCollect: endpoint({ method: "POST", path: "/api/published/workflow/unCollect/:id", response: nothing }),
};
