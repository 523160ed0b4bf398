import type { Deps } from "#server/core";
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

/** The space's tables as rows of its component library (组件库). */
export async function listSpaceTableItems(deps: Deps, tenantId: number, spaceId: number) {
  const rows = await repo.listSpaceTables(deps.db, tenantId, spaceId);
  return rows.map(({ table }) => ({
    id: table.id,
    spaceId,
    type: "Table" as const,
    name: table.name,
    description: table.description,
    icon: table.icon ?? "",
    publishStatus: null,
    ext: null,
    creatorId: table.creatorId,
    created: table.created.toISOString(),
    modified: table.modified.toISOString(),
  }));
}
