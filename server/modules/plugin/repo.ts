import { and, desc, eq, inArray } from "drizzle-orm";
import type { historyKinds } from "#contract/enums";
import type { Db } from "#server/db/client";
import { configHistory, plugins, users } from "#server/db/schema";

export type PluginRow = typeof plugins.$inferSelect;
export type NewPlugin = typeof plugins.$inferInsert;
export type HistoryKind = (typeof historyKinds)[number];

export async function insertPlugin(db: Db, values: NewPlugin) {
  const [row] = await db.insert(plugins).values(values).returning();
  if (!row) throw new Error("plugin insert returned nothing");
  return row;
}

export async function findPlugin(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(plugins)
    .where(and(eq(plugins.id, id), eq(plugins.tenantId, tenantId)));
  return row;
}

/** Plugins by id (ids taken from a tenant's own publications). */
export async function findPlugins(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(plugins).where(inArray(plugins.id, ids));
}

/** The space's plugins, most recently changed first (the component library). */
export async function listSpacePlugins(db: Db, tenantId: number, spaceId: number) {
  return db
    .select()
    .from(plugins)
    .where(and(eq(plugins.spaceId, spaceId), eq(plugins.tenantId, tenantId)))
    .orderBy(desc(plugins.modified), desc(plugins.id));
}

export async function updatePlugin(db: Db, id: number, values: Partial<NewPlugin>) {
  await db.update(plugins).set(values).where(eq(plugins.id, id));
}

export async function deletePlugin(db: Db, id: number) {
  await db.delete(plugins).where(eq(plugins.id, id));
}

export async function insertHistory(
  db: Db,
  values: Omit<typeof configHistory.$inferInsert, "targetType"> & { type: HistoryKind },
) {
  await db.insert(configHistory).values({ ...values, targetType: "Plugin" });
}

/** A plugin's history, newest first, each entry with the person who made it. */
export async function listHistory(db: Db, pluginId: number, limit = 200) {
  return db
    .select({ entry: configHistory, user: users })
    .from(configHistory)
    .leftJoin(users, eq(users.id, configHistory.opUserId))
    .where(and(eq(configHistory.targetType, "Plugin"), eq(configHistory.targetId, pluginId)))
    .orderBy(desc(configHistory.id))
    .limit(limit);
}

export async function findHistory(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(configHistory)
    .where(and(eq(configHistory.id, id), eq(configHistory.tenantId, tenantId), eq(configHistory.targetType, "Plugin")));
  return row;
}

export async function deleteHistory(db: Db, pluginId: number) {
  await db
    .delete(configHistory)
    .where(and(eq(configHistory.targetType, "Plugin"), eq(configHistory.targetId, pluginId)));
}
