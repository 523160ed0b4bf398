import type { Actor, Deps } from "#server/core";
import { fail } from "#server/core";
import { deriveOutputArgs, executePlugin } from "#server/runtime/plugin";
import type { PluginTestInput } from "./contract";
import { configOf } from "./dto";
import type { PluginRow } from "./repo";
import { accessPlugin } from "./service";

/** What code sees as `args.SYS_VARS` in a run from the editor (no agent or conversation around it). */
const editorSysVars = (actor: Actor, plugin: PluginRow) => ({
  SYS_USER_ID: actor.userId,
  USER_NAME: actor.userName,
  SPACE_ID: plugin.spaceId,
  PLUGIN_ID: plugin.id,
  CURRENT_TIME: new Date().toISOString(),
});

function run(deps: Deps, actor: Actor, plugin: PluginRow, params: Record<string, unknown>, requestId?: string) {
  const common = { pluginId: plugin.id, params, sysVars: editorSysVars(actor, plugin), requestId };
  return plugin.type === "HTTP"
    ? executePlugin(deps, { ...common, type: "HTTP", config: configOf("HTTP", plugin.config) })
    : executePlugin(deps, {
        ...common,
        type: "CODE",
        codeLang: plugin.codeLang,
        config: configOf("CODE", plugin.config),
      });
}

/** 试运行: the draft with sample input; any member of the space may run it. Failures are results, not errors. */
export async function testPlugin(deps: Deps, actor: Actor, input: PluginTestInput) {
  const { plugin } = await accessPlugin(deps, actor, input.pluginId);
  return run(deps, actor, plugin, input.params, input.requestId);
}

/**
 * 解析出参: runs the draft with no declared outputs and infers the output-argument tree from what came back.
 * A failed run is a business failure carrying the run's own message.
 */
export async function analyseOutput(deps: Deps, actor: Actor, pluginId: number, params: Record<string, unknown>) {
  const { plugin } = await accessPlugin(deps, actor, pluginId);
  const bare = { ...plugin, config: { ...configOf(plugin.type, plugin.config), outputArgs: [] } };
  const outcome = await run(deps, actor, bare, params);
  if (!outcome.success) throw fail(outcome.error ?? "插件运行失败，无法解析出参");
  return deriveOutputArgs(outcome.result.data);
}
