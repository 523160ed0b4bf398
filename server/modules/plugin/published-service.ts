import { iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { notFound } from "#server/core";
import { sampleOutput } from "#server/runtime/plugin";
import { toCreatorInfo } from "../agent/dto";
import { findUserById } from "../auth";
import type { Resolver } from "../component/kinds";
import { squareFigures } from "../favourite";
import { publishedOfTarget } from "../publish";
import { visiblePublication } from "../publish/visibility";
import { configOf, type PluginSnapshot } from "./dto";

/** A publication's snapshot with its config read through the current schema. */
function snapshotOf(config: Record<string, unknown>) {
  const snapshot = config as unknown as PluginSnapshot;
  return { ...snapshot, config: configOf(snapshot.type, snapshot.config) };
}

/**
 * A Plugin component's target: the plugin's live publication that the agent's space may use — tenant-wide, or
 * published into that very space (original-backend.md §4.2). Agents run this snapshot, never the draft.
 */
export const resolvePlugin: Resolver = async (deps, tenantId, spaceId, pluginId) => {
  const rows = (await publishedOfTarget(deps.db, "Plugin", pluginId)).filter((r) => r.tenantId === tenantId);
  const live =
    rows.find((r) => r.scope === "Space" && r.publishSpaceId === spaceId) ?? rows.find((r) => r.scope === "Tenant");
  if (!live) return null;
  const snapshot = snapshotOf(live.config);
  return {
    id: pluginId,
    name: live.name,
    icon: live.icon,
    description: live.description,
    config: { type: snapshot.type, codeLang: snapshot.codeLang, config: snapshot.config, publishedId: live.id },
  };
};

/** A published plugin as the square and the agent editor's picker show it (PublishPluginInfo). */
export async function publishedPlugin(deps: Deps, actor: Actor, pluginId: number) {
  const live = await visiblePublication(deps.db, actor.tenantId, actor.userId, "Plugin", pluginId);
  if (!live) throw notFound("插件未发布或已下架");
  const snapshot = snapshotOf(live.config);
  const [publisher, figures] = await Promise.all([
    findUserById(deps.db, live.userId),
    squareFigures(deps, actor, "Plugin", [pluginId]),
  ]);
  return {
    id: pluginId,
    spaceId: live.spaceId,
    name: live.name,
    description: live.description,
    icon: iconOr("Plugin", live.icon),
    type: snapshot.type,
    codeLang: snapshot.codeLang ?? null,
    remark: live.remark,
    category: live.category,
    scope: live.scope,
    allowCopy: live.allowCopy,
    inputArgs: snapshot.config.inputArgs,
    outputArgs: snapshot.config.outputArgs,
    sampleOutput: JSON.stringify(sampleOutput(snapshot.config.outputArgs ?? []), null, 2),
    ...figures(pluginId),
    publishUser: toCreatorInfo(publisher),
    publishDate: live.created.toISOString(),
    created: live.created.toISOString(),
  };
}
