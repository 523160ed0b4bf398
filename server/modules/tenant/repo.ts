import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { tenantConfigs, tenants } from "#server/db/schema";

/**
 * Settings are read on nearly every request, so each process keeps them for a moment. Saving here clears
 * the entry at once; other instances see a change within CACHE_MS.
 */
const CACHE_MS = 2000;

interface CachedSettings {
  /** The stored row's values as read; never handed out, callers get copies or `derived`. */
  values: Record<string, unknown>;
  at: number;
  /** What `settingsDerived` made of `values`, kept with them so it ends with them. */
  derived?: unknown;
}
const cache = new WeakMap<Db, Map<number, CachedSettings>>();

async function cachedSettings(db: Db, tenantId: number): Promise<CachedSettings> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  const hit = perDb.get(tenantId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit;
  const [row] = await db.select().from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId));
  const entry: CachedSettings = { values: row?.values ?? {}, at: Date.now() };
  perDb.set(tenantId, entry);
  return entry;
}

export async function findTenantConfigValues(db: Db, tenantId: number): Promise<Record<string, unknown>> {
  return structuredClone((await cachedSettings(db, tenantId)).values);
}

/**
 * The stored values turned into what callers use (the validated settings), made once per cached read instead of
 * at every request: `derive` must not mutate its input, and its result is shared, so it must be immutable.
 * Only one derivation exists (tenant/service.ts's getTenantConfig); a second would need its own slot.
 */
export async function settingsDerived<T>(db: Db, tenantId: number, derive: (values: Record<string, unknown>) => T) {
  const entry = await cachedSettings(db, tenantId);
  if (!("derived" in entry)) entry.derived = derive(entry.values);
  return entry.derived as T;
}

export async function saveTenantConfigValues(db: Db, tenantId: number, values: Record<string, unknown>) {
  cache.get(db)?.delete(tenantId);
  try {
    await db
      .insert(tenantConfigs)
      .values({ tenantId, values })
      .onConflictDoUpdate({ target: tenantConfigs.tenantId, set: { values, modified: new Date() } });
  } finally {
    // Again once written: a read that ran while this write waited for its turn kept the old values.
    cache.get(db)?.delete(tenantId);
  }
}

export async function countTenants(db: Db) {
  return (await db.select({ id: tenants.id }).from(tenants).limit(1)).length;
}

export async function insertTenant(db: Db, name: string, description: string) {
  const [row] = await db.insert(tenants).values({ name, description }).returning();
  if (!row) throw new Error("tenant insert returned nothing");
  return row;
}
