import type { Deps } from "../../api/context";
import { fail } from "../../api/envelope";
import { modelBindSchema } from "../agent/contract";
import { type AgentSnapshot, agentSnapshot } from "../agent/dto";
import * as agents from "../agent/repo";
import { findModel } from "../model/repo";
import { modelVisibleTo } from "../model/service";

/** The configuration a conversation runs: today the agent's draft (publishing adds snapshots). */
export async function runnableConfig(deps: Deps, agent: agents.AgentRow): Promise<AgentSnapshot> {
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
