import type { NodeOptions, TargetArgs } from "#app/components/workflow/forms/options";
import { tryApiCall } from "#app/lib/api-call.server";
import { idParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/workflow-node-options";

const PAGE = { page: 1, pageSize: 100 } as const;

/**
 * What the workflow node forms choose from (fetched by their side panel): the chat models the space may use,
 * the published plugins and workflows the caller may run, and — with `pluginId` / `workflowId` — that target's
 * parameters. A list that cannot be read is empty: the form still edits everything else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const spaceId = idParam(url.searchParams.get("spaceId") ?? "", "空间不存在");
  const pluginId = Number(url.searchParams.get("pluginId"));
  const workflowId = Number(url.searchParams.get("workflowId"));
  const [models, plugins, workflows, target] = await Promise.all([
    tryApiCall(context, request, endpoints.model.list, { body: { spaceId } }),
    // With the space: tenant-wide publications plus those published into this space only.
    tryApiCall(context, request, endpoints.plugin.squareList, { body: { ...PAGE, spaceId } }),
    tryApiCall(context, request, endpoints.workflow.squareList, { body: { ...PAGE, spaceId } }),
    targetArgs(context, request, pluginId, workflowId),
  ]);
  type Card = { targetId: number; name: string; description: string };
  // A target published both tenant-wide and into the space is one choice.
  const briefs = (cards: Card[]) => [
    ...new Map(cards.map((r) => [r.targetId, { id: r.targetId, name: r.name, description: r.description }])).values(),
  ];
  const options: NodeOptions = {
    models: models.ok
      ? models.data
          .filter((m) => m.enabled === 1 && (m.type === "Chat" || m.type === "Multi"))
          .map((m) => ({ id: m.id, name: m.name, model: m.model, maxTokens: m.maxTokens }))
      : [],
    plugins: plugins.ok ? briefs(plugins.data.records) : [],
    workflows: workflows.ok ? briefs(workflows.data.records) : [],
    target,
  };
  return Response.json(options, { headers: { "Cache-Control": "no-store" } });
}

async function targetArgs(
  context: Route.LoaderArgs["context"],
  request: Request,
  pluginId: number,
  workflowId: number,
): Promise<TargetArgs | null> {
  const res =
    pluginId > 0
      ? await tryApiCall(context, request, endpoints.plugin.published, { params: { pluginId } })
      : workflowId > 0
        ? await tryApiCall(context, request, endpoints.workflow.published, { params: { workflowId } })
        : null;
  if (!res?.ok) return null;
  const { id, name, inputArgs, outputArgs } = res.data;
  return { id, name, inputArgs, outputArgs };
}
