import { starterCode } from "#contract/plugin";
import type { Actor, Deps } from "#server/core";
import { fail, forbidden, notFound } from "#server/core";
import type { Db } from "#server/db/client";
import { developsIn } from "../agent/dto";
import { findUserById } from "../auth";
import { accessComponent, checkCopyTarget, copyName, historyEntryView } from "../component/access";
import { deleteAllOfTarget, publishedOfTarget } from "../publish";
import { apply } from "../publish/service";
import { accessSpace } from "../space/service";
import type {
  AddPluginInput,
  CodeUpdateInput,
  HttpUpdateInput,
  LegacyPublishInput,
  PluginPermission,
} from "./contract";
import { configOf, type PluginSnapshot, pluginSnapshot, toPluginInfo } from "./dto";
import * as repo from "./repo";

const NOT_FOUND = "插件不存在";

/**
 * The plugin, the caller's space role and permissions; outsiders are told it does not exist. `need` "Edit" is
 * any change to the draft (refused to plain members of a space closed to development); the others are the
 * permissions of permissionsFor.
 */
export async function accessPlugin(deps: Deps, actor: Actor, pluginId: number, need?: PluginPermission | "Edit") {
  const plugin = await repo.findPlugin(deps.db, actor.tenantId, pluginId);
  if (!plugin) throw notFound(NOT_FOUND);
  return { plugin, ...(await accessComponent(deps, actor, plugin, "插件", need)) };
}

/** A history entry holding the plugin as it is now (the row is read afresh inside the caller's transaction). */
export async function recordHistory(
  db: Db,
  plugin: repo.PluginRow,
  actor: Actor,
  type: repo.HistoryKind,
  description: string,
) {
  const fresh = (await repo.findPlugin(db, plugin.tenantId, plugin.id)) ?? plugin;
  await repo.insertHistory(db, {
    tenantId: plugin.tenantId,
    targetId: plugin.id,
    type,
    config: pluginSnapshot(fresh) as unknown as Record<string, unknown>,
    description,
    opUserId: actor.userId,
  });
}

/** A new draft plugin with its first history entry; shared by add, copy and the square's copy. */
export async function createPlugin(
  db: Db,
  actor: Actor,
  values: Omit<repo.NewPlugin, "tenantId" | "creatorId" | "publishStatus">,
  historyText: string,
) {
  return db.transaction(async (tx) => {
    const plugin = await repo.insertPlugin(tx, {
      ...values,
      tenantId: actor.tenantId,
      creatorId: actor.userId,
      publishStatus: "Developing",
    });
    await recordHistory(tx, plugin, actor, "Add", historyText);
    return plugin.id;
  });
}

export async function addPlugin(deps: Deps, actor: Actor, input: AddPluginInput) {
  const { space, role } = await accessSpace(deps, actor, input.spaceId);
  if (!developsIn(actor, space, role)) throw forbidden("该空间未开放开发功能");
  const codeLang = input.type === "CODE" ? (input.codeLang ?? "JavaScript") : null;
  return createPlugin(
    deps.db,
    actor,
    {
      spaceId: space.id,
      name: input.name,
      description: input.description,
      icon: input.icon,
      type: input.type,
      codeLang,
      config: codeLang ? configOf("CODE", { code: starterCode[codeLang] }) : configOf("HTTP", {}),
    },
    "创建插件",
  );
}

export async function getPlugin(deps: Deps, actor: Actor, pluginId: number) {
  const { plugin, permissions } = await accessPlugin(deps, actor, pluginId);
  const [creator, live] = await Promise.all([
    findUserById(deps.db, plugin.creatorId),
    publishedOfTarget(deps.db, "Plugin", plugin.id),
  ]);
  return toPluginInfo(plugin, { creator, permissions, live: live[0] });
}

/** Saves the editor's form: basic fields and, when given, the whole config of the plugin's own type. */
export async function updatePlugin(
  deps: Deps,
  actor: Actor,
  type: repo.PluginRow["type"],
  input: HttpUpdateInput | CodeUpdateInput,
) {
  const { plugin } = await accessPlugin(deps, actor, input.id, "Edit");
  if (plugin.type !== type) {
    throw fail(
      type === "HTTP" ? "该插件是代码插件，请使用代码插件的保存接口" : "该插件是 HTTP 插件，请使用 HTTP 插件的保存接口",
    );
  }
  const { id, config, ...fields } = input;
  await deps.db.transaction(async (tx) => {
    await repo.updatePlugin(tx, id, { ...fields, ...(config ? { config } : {}), modified: new Date() });
    await recordHistory(tx, plugin, actor, "Edit", config ? "修改配置" : "修改基本信息");
  });
}

export async function deletePlugin(deps: Deps, actor: Actor, pluginId: number) {
  await accessPlugin(deps, actor, pluginId, "Delete");
  await deps.db.transaction(async (tx) => {
    await deleteAllOfTarget(tx, "Plugin", pluginId);
    await repo.deleteHistory(tx, pluginId);
    await repo.deletePlugin(tx, pluginId);
  });
}

/**
 * As for agents: any member may copy within the space; into another space only the source space's Admins and
 * Owner (or a system admin), and only into a space where the caller may develop.
 */
export async function copyPlugin(deps: Deps, actor: Actor, pluginId: number, targetSpaceId: number) {
  const { plugin, role } = await accessPlugin(deps, actor, pluginId, "Copy");
  await checkCopyTarget(deps, actor, { spaceId: plugin.spaceId, role }, targetSpaceId);
  const { name, description, icon, type, codeLang, config } = plugin;
  return createPlugin(
    deps.db,
    actor,
    { spaceId: targetSpaceId, name: copyName(name), description, icon, type, codeLang, config },
    `复制自「${name}」`,
  );
}

export async function listHistory(deps: Deps, actor: Actor, pluginId: number) {
  await accessPlugin(deps, actor, pluginId);
  const rows = await repo.listHistory(deps.db, pluginId);
  return rows.map((row) => historyEntryView("Plugin", row));
}

/** Puts a history entry's fields and config back into the draft, as a new Edit entry (so it can be undone). */
export async function restoreHistory(deps: Deps, actor: Actor, historyId: number) {
  const entry = await repo.findHistory(deps.db, actor.tenantId, historyId);
  if (!entry) throw notFound("历史记录不存在");
  const { plugin } = await accessPlugin(deps, actor, entry.targetId, "Edit");
  const snapshot = entry.config as Partial<PluginSnapshot>;
  if (!snapshot.config) throw fail("该历史记录没有可恢复的配置");
  const when = entry.created.toISOString().slice(0, 16).replace("T", " ");
  await deps.db.transaction(async (tx) => {
    await repo.updatePlugin(tx, plugin.id, {
      name: snapshot.name ?? plugin.name,
      description: snapshot.description ?? plugin.description,
      icon: snapshot.icon ?? plugin.icon,
      config: configOf(plugin.type, snapshot.config),
      modified: new Date(),
    });
    await recordHistory(tx, plugin, actor, "Edit", `恢复到 ${when} UTC 的版本`);
  });
}

/** The original client's one-scope publish form, as an /api/publish/apply (Global reads as Tenant). */
export async function publishLegacy(deps: Deps, actor: Actor, input: LegacyPublishInput) {
  const scope = input.scope === "Space" ? "Space" : "Tenant";
  return apply(deps, actor, {
    targetType: "Plugin",
    targetId: input.pluginId,
    remark: input.remark,
    category: input.category,
    items: [{ scope, spaceId: input.spaceId, allowCopy: input.allowCopy, onlyTemplate: 0 }],
  });
}
