import type { Deps } from "#server/core";
import { fail } from "#server/core";
import { findModel } from "../model";
import { modelVisibleTo } from "../model/service";
import { visiblePublication } from "../publish/visibility";
import { modelBindSchema } from "./contract";
import { type AgentSnapshot, agentSnapshot } from "./dto";
import * as agents from "./repo";

/**
 * The configuration a conversation runs: the draft for the editor's debug chat and temporary links; the
 * published snapshot the user may see otherwise (the draft for space members while nothing is published).
 */
export async function runnableConfig(
  deps: Deps,
  agent: agents.AgentRow,
  viewer: { devMode: boolean; userId: number },
): Promise<AgentSnapshot> {
  if (!viewer.devMode) {
    const published = await visiblePublication(deps.db, agent.tenantId, viewer.userId, "Agent", agent.id);
    if (published) return published.config as unknown as AgentSnapshot;
  }
  return agentSnapshot(agent, await agents.listComponents(deps.db, agent.id));
}

/** The config's model and its settings; an offline or deleted model is a clear refusal. */
export async function modelOf(deps: Deps, agent: agents.AgentRow, config: AgentSnapshot) {
  const component = config.components.find((c) => c.type === "Model");
  const model = component ? await findModel(deps.db, agent.tenantId, component.targetId) : undefined;
  if (!component || !model || model.enabled !== 1 || !modelVisibleTo(model, agent.spaceId)) {
    throw fail("该智能体的模型已下线或不可用，请联系智能体的开发者");
  }
  return { model, bind: modelBindSchema.parse(component.bindConfig) };
}
