import type { Resolver } from "../component/kinds";
import { findUsableChatModel } from "./service";

/** A Model component's target: a chat model the agent's space may use, with what the runtime needs of it. */
export const resolveModel: Resolver = async (deps, tenantId, spaceId, targetId) => {
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
