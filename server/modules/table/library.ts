import type { Resolver } from "../component/kinds";
import * as repo from "./repo";

/** A table an agent of the space may bind (the agent editor's Table component). */
export const resolveTable: Resolver = async (deps, tenantId, spaceId, tableId) => {
  const table = await repo.findSpaceTable(deps.db, tenantId, spaceId, tableId);
  if (!table) return null;
  const fields = await repo.listFields(deps.db, tableId);
  return {
    id: table.id,
    name: table.name,
    icon: table.icon ?? "",
    description: table.description,
    config: { fields: fields.map((f) => ({ name: f.name, description: f.description, fieldType: f.fieldType })) },
  };
};
