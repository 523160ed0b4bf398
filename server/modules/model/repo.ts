import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { agentComponents, models, users } from "#server/db/schema";

export type ModelRow = typeof models.$inferSelect;
export type NewModel = typeof models.$inferInsert;

export async function insertModel(db: Db, values: NewModel) {
  const [row] = await db.insert(models).values(values).returning();
  if (!row) throw new Error("model insert returned nothing");
  return row;
}

export async function findModel(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(models)
    .where(and(eq(models.id, id), eq(models.tenantId, tenantId)));
  return row;
}

/** Models a space may use: the tenant's shared ones plus the space's own. */
export async function listModelsForSpace(db: Db, tenantId: number, spaceId: number) {
  return db
    .select()
    .from(models)
    .where(
      and(
        eq(models.tenantId, tenantId),
        or(eq(models.scope, "Tenant"), eq(models.scope, "Global"), eq(models.spaceId, spaceId)),
      ),
    )
    .orderBy(asc(models.sort), asc(models.id));
}

export async function listSpaceOwnModels(db: Db, tenantId: number, spaceId: number) {
  return db
    .select()
    .from(models)
    .where(and(eq(models.tenantId, tenantId), eq(models.scope, "Space"), eq(models.spaceId, spaceId)))
    .orderBy(asc(models.id));
}

export async function updateModel(db: Db, id: number, values: Partial<NewModel>) {
  await db.update(models).set(values).where(eq(models.id, id));
}

export async function deleteModel(db: Db, id: number) {
  await db.delete(models).where(eq(models.id, id));
}

export async function listTenantModels(db: Db, tenantId: number) {
  return db
    .select()
    .from(models)
    .where(and(eq(models.tenantId, tenantId), or(eq(models.scope, "Tenant"), eq(models.scope, "Global"))))
    .orderBy(asc(models.sort), asc(models.id));
}

/** How many agents bind this model (drafts), so deleting it does not silently break them. */
export async function countAgentsUsingModel(db: Db, modelId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(agentComponents)
    .where(and(eq(agentComponents.type, "Model"), eq(agentComponents.targetId, modelId)));
  return row?.n ?? 0;
}

/** The people who added models, for the lists' `creator`. */
export async function findCreators(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, userName: users.userName, nickName: users.nickName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, ids));
}
