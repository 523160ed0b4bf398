import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tenantConfigs, tenants } from "../../db/schema";

export async function findTenantConfigValues(db: Db, tenantId: number) {
  const [row] = await db.select().from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId));
  return row?.values ?? {};
}

export async function saveTenantConfigValues(db: Db, tenantId: number, values: Record<string, unknown>) {
  await db
    .insert(tenantConfigs)
    .values({ tenantId, values })
    .onConflictDoUpdate({ target: tenantConfigs.tenantId, set: { values, modified: new Date() } });
}

export async function countTenants(db: Db) {
  return (await db.select({ id: tenants.id }).from(tenants).limit(1)).length;
}

export async function insertTenant(db: Db, name: string, description: string) {
  const [row] = await db.insert(tenants).values({ name, description }).returning();
  if (!row) throw new Error("tenant insert returned nothing");
  return row;
}
