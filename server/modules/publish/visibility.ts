import type { Db } from "#server/db/client";
import { listSpacesOfUser } from "../space";
import { type PublishedRow, publishedOfTarget } from "./repo";

/**
 * The live publication a user may use: a tenant-wide one, or a Space one in a space they belong to.
 * Tenant rows win; among equals the newest.
 */
export async function visiblePublication(
  db: Db,
  tenantId: number,
  userId: number,
  targetType: PublishedRow["targetType"],
  targetId: number,
) {
  const rows = (await publishedOfTarget(db, targetType, targetId)).filter((r) => r.tenantId === tenantId);
  const tenantWide = rows.find((r) => r.scope === "Tenant");
  if (tenantWide) return tenantWide;
  const spaceRows = rows.filter((r) => r.scope === "Space");
  if (!spaceRows.length) return undefined;
  const mine = new Set((await listSpacesOfUser(db, tenantId, userId)).map((s) => s.space.id));
  return spaceRows.find((r) => r.publishSpaceId !== null && mine.has(r.publishSpaceId));
}
