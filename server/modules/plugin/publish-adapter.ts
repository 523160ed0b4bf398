import { fail } from "#server/core";
import { copyName } from "../component/access";
import { type SquareFigures, squareFigures } from "../favourite";
import type { PublishAdapter } from "../publish/adapter";
import { configOf, type PluginSnapshot, pluginSnapshot } from "./dto";
import * as repo from "./repo";
import { accessPlugin, createPlugin, recordHistory } from "./service";

/** The card fields a plugin adds to the square: HTTP or code and its language, its figures and the reader's mark. */
type PluginCardFields = { pluginType: repo.PluginRow["type"]; codeLang: repo.PluginRow["codeLang"] } & SquareFigures;

/** Publishing a plugin: its draft frozen into a snapshot (what agents elsewhere run); a copy is a new draft. */
export const pluginPublishAdapter = {
  async access(deps, actor, pluginId, need) {
    return (await accessPlugin(deps, actor, pluginId, need === "publish" ? "Publish" : undefined)).plugin;
  },

  async snapshot(_db, plugin) {
    return pluginSnapshot(plugin) as unknown as Record<string, unknown>;
  },

  async setStatus(db, tenantId, pluginId, status, publishDate) {
    const plugin = await repo.findPlugin(db, tenantId, pluginId);
    if (!plugin) return;
    // A status change is not an edit: `modified` stays, so the draft does not look newer than its publication.
    await repo.updatePlugin(db, pluginId, {
      publishStatus: status,
      ...(publishDate ? { publishDate } : {}),
      modified: plugin.modified,
    });
  },

  async recordHistory(db, { tenantId, targetId }, actor, kind, text) {
    const plugin = await repo.findPlugin(db, tenantId, targetId);
    if (plugin) await recordHistory(db, plugin, actor, kind, text);
  },

  async copy(deps, actor, published, space) {
    const snapshot = published.config as unknown as Partial<PluginSnapshot>;
    if (snapshot.type !== "HTTP" && snapshot.type !== "CODE") throw fail("发布快照已损坏");
    const id = await createPlugin(
      deps.db,
      actor,
      {
        spaceId: space.id,
        name: copyName(published.name),
        description: published.description,
        icon: published.icon,
        type: snapshot.type,
        codeLang: snapshot.type === "CODE" ? (snapshot.codeLang ?? "JavaScript") : null,
        config: configOf(snapshot.type, snapshot.config),
      },
      `从广场复制「${published.name}」`,
    );
    return { id, notice: null };
  },

  async squareFields(deps, actor, pluginIds) {
    const [rows, figures] = await Promise.all([
      repo.findPlugins(deps.db, pluginIds),
      squareFigures(deps, actor, "Plugin", pluginIds),
    ]);
    return (pluginId): PluginCardFields => {
      const row = rows.find((p) => p.id === pluginId);
      return { pluginType: row?.type ?? "HTTP", codeLang: row?.codeLang ?? null, ...figures(pluginId) };
    };
  },
} satisfies PublishAdapter<repo.PluginRow, PluginCardFields>;
