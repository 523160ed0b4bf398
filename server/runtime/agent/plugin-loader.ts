import {
  type CodePluginConfig,
  codePluginConfigSchema,
  type HttpPluginConfig,
  httpPluginConfigSchema,
} from "#contract/plugin";
import { findAgent } from "#server/modules/agent";
import { resolveTarget } from "#server/modules/component/kinds";
import { findPlugin } from "#server/modules/plugin";
import type { ToolBuildContext } from "./tools";

/** A plugin as a tool runs it: the draft in the editor's debug chat, its publication everywhere else. */
export interface ToolPlugin {
  id: number;
  name: string;
  description: string;
  icon: string;
  type: "HTTP" | "CODE";
  codeLang: "JavaScript" | "Python" | null;
  config: HttpPluginConfig | CodePluginConfig;
}

function configOf(type: unknown, raw: unknown) {
  const schema = type === "HTTP" ? httpPluginConfigSchema : codePluginConfigSchema;
  const parsed = schema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : null;
}

/**
 * The plugin a component of this agent runs. In the debug chat (devMode) the draft when it belongs to the agent's
 * own space, so builders try edits before publishing; otherwise — and for plugins of other spaces — the live
 * publication the agent's space may use (the plugin module's resolver). Null when there is none.
 */
export async function loadToolPlugin(ctx: ToolBuildContext, pluginId: number): Promise<ToolPlugin | null> {
  const { deps, tenantId } = ctx;
  const agent = await findAgent(deps.db, tenantId, ctx.agentId);
  if (!agent) return null;
  if (ctx.devMode) {
    const draft = await findPlugin(deps.db, tenantId, pluginId);
    const config = draft && draft.spaceId === agent.spaceId ? configOf(draft.type, draft.config) : null;
    if (draft && config) {
      const { id, name, description, icon, type, codeLang } = draft;
      return { id, name, description, icon, type, codeLang, config };
    }
  }
  const published = await resolveTarget(deps, "Plugin", tenantId, agent.spaceId, pluginId);
  if (!published) return null;
  const snapshot = published.config as { type?: unknown; codeLang?: unknown; config?: unknown };
  const config = configOf(snapshot.type, snapshot.config);
  if (!config || (snapshot.type !== "HTTP" && snapshot.type !== "CODE")) return null;
  return {
    id: pluginId,
    name: published.name,
    description: published.description,
    icon: published.icon,
    type: snapshot.type,
    codeLang: snapshot.codeLang === "Python" ? "Python" : snapshot.type === "CODE" ? "JavaScript" : null,
    config,
  };
}
