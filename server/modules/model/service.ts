import type { Deps } from "../../api/context";
import { findModel, type ModelRow } from "./repo";

/** Whether a space may use this model: tenant-wide models everywhere, space models only in their space. */
export function modelVisibleTo(model: ModelRow, spaceId: number) {
  return model.scope !== "Space" || model.spaceId === spaceId;
}

export async function findUsableChatModel(deps: Deps, tenantId: number, spaceId: number, modelId: number) {
  const model = await findModel(deps.db, tenantId, modelId);
  if (!model || !modelVisibleTo(model, spaceId)) return null;
  if (model.enabled !== 1 || (model.type !== "Chat" && model.type !== "Multi")) return null;
  return model;
}

/** The public face of a model: everything but the key, which is only ever shown masked. */
export function toModelBrief(m: ModelRow) {
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    model: m.model,
    type: m.type,
    protocol: m.protocol,
    scope: m.scope,
    spaceId: m.spaceId,
    maxTokens: m.maxTokens,
    contextSize: m.contextSize,
    functionCall: m.functionCall,
    isReasonModel: m.isReasonModel,
    enabled: m.enabled,
    builtin: m.protocol === "Builtin",
  };
}
