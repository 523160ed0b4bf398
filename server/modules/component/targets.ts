import type { Deps } from "../../api/context";
import type { ComponentType } from "../agent/contract";
import { findUsableChatModel } from "../model/service";

/** What an agent component points at, as the agent editor and the runtime need it. */
export interface ComponentTarget {
  id: number;
  name: string;
  icon: string;
  description: string;
  config: Record<string, unknown>;
}

type Resolver = (deps: Deps, tenantId: number, spaceId: number, targetId: number) => Promise<ComponentTarget | null>;

const resolveModel: Resolver = async (deps, tenantId, spaceId, targetId) => {
  const model = await findUsableChatModel(deps, tenantId, spaceId, targetId);
  if (!model) return null;
  return {
    id: model.id,
    name: model.name,
    icon: "",
    description: model.description,
    config: {
      model: model.model,
      protocol: model.protocol,
      maxTokens: model.maxTokens,
      functionCall: model.functionCall,
    },
  };
};

/**
 * One resolver per bindable kind. Plugins, workflows, knowledge bases and tables register here when their
 * modules arrive; until then a binding to them cannot resolve and is refused.
 */
const resolvers: Partial<Record<ComponentType, Resolver>> = {
  Model: resolveModel,
};

export const targetLabels: Record<ComponentType, string> = {
  Plugin: "插件",
  Workflow: "工作流",
  Trigger: "触发器",
  Knowledge: "知识库",
  Variable: "变量",
  Table: "数据表",
  Model: "模型",
  Agent: "智能体",
};

/** The target if it exists and the space may see it; null otherwise (the caller refuses the binding). */
export async function resolveTarget(
  deps: Deps,
  type: ComponentType,
  tenantId: number,
  spaceId: number,
  targetId: number,
) {
  const resolver = resolvers[type];
  if (!resolver || targetId <= 0) return null;
  return resolver(deps, tenantId, spaceId, targetId);
}
