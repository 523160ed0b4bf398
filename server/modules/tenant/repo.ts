import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { tenantConfigs, tenants } from "#server/db/schema";

/**
 * Settings are read on nearly every request, so each process keeps them for a moment. Saving here clears
 * the entry at once; other instances see a change within CACHE_MS.
 */
const CACHE_MS = 2000;
const cache = new WeakMap<Db, Map<number, { values: Record<string, unknown>; at: number }>>();

export async function findTenantConfigValues(db: Db, tenantId: number): Promise<Record<string, unknown>> {
  const perDb = cache.get(db) ?? new Map();
  cache.set(db, perDb);
  const hit = perDb.get(tenantId);
  if (hit && Date.now() - hit.at < CACHE_MS) return structuredClone(hit.values);
  const [row] = await db.select().from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId));
  const values = row?.values ?? {};
  perDb.set(tenantId, { values, at: Date.now() });
  return structuredClone(values);
}

export async function saveTenantConfigValues(db: Db, tenantId: number, values: Record<string, unknown>) {
  cache.get(db)?.delete(tenantId);
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
