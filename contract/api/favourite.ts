import { endpoint, nothing } from "./endpoint";

/**
 * Favourites (收藏) of published plugins and workflows, as the original client's square sets them (agents have
 * theirs under /api/user/agent). Idempotent; only for a publication the caller can see (4040 otherwise). The client
 * also sends `{pluginId}` / `{workflowId}` in the body; the path's id is the one read.
 */
export const favourite = {
  pluginCollect: endpoint({ method: "POST", path: "/api/published/plugin/collect/:id", response: nothing }),
  pluginUnCollect: endpoint({ method: "POST", path: "/api/published/plugin/unCollect/:id", response: nothing }),
  workflowCollect: endpoint({ method: "POST", path: "/api/published/workflow/collect/:id", response: nothing }),
  workflowUnCollect: endpoint({ method: "POST", path: "/api/published/workflow/unCollect/:id", response: nothing }),
};
