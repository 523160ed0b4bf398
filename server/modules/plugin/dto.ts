import { iconOr } from "#contract/icons";
import {
  type CodePluginConfig,
  codePluginConfigSchema,
  type HttpPluginConfig,
  httpPluginConfigSchema,
} from "#contract/plugin";
import { toCreatorInfo } from "../agent/dto";
import type { UserRow } from "../auth";
import type { PluginInfo, PluginPermission } from "./contract";
import type { PluginRow } from "./repo";

/**
 * What history entries and publications freeze of a plugin: its own fields and its whole config. Agents in
 * other spaces run a publication's snapshot, so it carries everything a run needs.
 */
export interface PluginSnapshot {
  id: number;
  name: string;
  description: string;
  icon: string;
  type: PluginRow["type"];
  codeLang: PluginRow["codeLang"];
  config: HttpPluginConfig | CodePluginConfig;
}

export const pluginSnapshot = (p: PluginRow): PluginSnapshot => ({
  id: p.id,
  name: p.name,
  description: p.description,
  icon: p.icon,
  type: p.type,
  codeLang: p.codeLang,
  config: p.config,
});

/** A stored or snapshotted config read back with the current schema's defaults (older rows lack newer fields). */
export function configOf(type: PluginRow["type"], raw: unknown): HttpPluginConfig | CodePluginConfig {
  const schema = type === "HTTP" ? httpPluginConfigSchema : codePluginConfigSchema;
  const parsed = schema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

export function toPluginInfo(
  p: PluginRow,
  extra: {
    creator: UserRow | null | undefined;
    permissions: PluginPermission[];
    live: { scope: "Space" | "Tenant"; category: string } | undefined;
  },
): PluginInfo {
  return {
    id: p.id,
    spaceId: p.spaceId,
    creatorId: p.creatorId,
    name: p.name,
    description: p.description,
    icon: iconOr("Plugin", p.icon),
    type: p.type,
    codeLang: p.codeLang,
    publishStatus: p.publishStatus,
    scope: extra.live?.scope ?? null,
    config: configOf(p.type, p.config),
    modified: p.modified.toISOString(),
    publishDate: p.publishDate?.toISOString() ?? null,
    created: p.created.toISOString(),
    creator: toCreatorInfo(extra.creator),
    category: extra.live?.category ?? null,
    permissions: extra.permissions,
  };
}
