import { and, asc, desc, eq, ilike, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { customTableFields, customTables, users } from "#server/db/schema";

export type TableDefRow = typeof customTables.$inferSelect;
export type NewTableDef = typeof customTables.$inferInsert;
export type FieldRow = typeof customTableFields.$inferSelect;
export type NewField = typeof customTableFields.$inferInsert;

export async function insertTable(db: Db, values: NewTableDef) {
  const [row] = await db.insert(customTables).values(values).returning();
  if (!row) throw new Error("table insert returned nothing");
  return row;
}

export async function findTable(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(customTables)
    .where(and(eq(customTables.id, id), eq(customTables.tenantId, tenantId)));
  return row;
}

/** Tables by id within a space (bindings resolve through this). */
export async function findSpaceTable(db: Db, tenantId: number, spaceId: number, id: number) {
  const [row] = await db
    .select()
    .from(customTables)
    .where(and(eq(customTables.id, id), eq(customTables.tenantId, tenantId), eq(customTables.spaceId, spaceId)));
  return row;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The space's tables with their creators, most recently changed first, optionally filtered by name/description. */
export async function listSpaceTables(
  db: Db,
  tenantId: number,
  spaceId: number,
  filter: { name?: string | null; description?: string | null } = {},
  page: { limit: number; offset: number } = { limit: 10_000, offset: 0 },
) {
  const conditions = [eq(customTables.spaceId, spaceId), eq(customTables.tenantId, tenantId)];
  if (filter.name) conditions.push(ilike(customTables.name, `%${escapeLike(filter.name)}%`));
  if (filter.description) conditions.push(ilike(customTables.description, `%${escapeLike(filter.description)}%`));
  return db
    .select({ table: customTables, user: users })
    .from(customTables)
    .leftJoin(users, eq(users.id, customTables.creatorId))
    .where(and(...conditions))
    .orderBy(desc(customTables.modified), desc(customTables.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function updateTable(db: Db, id: number, values: Partial<NewTableDef>) {
  await db
    .update(customTables)
    .set({ ...values, modified: new Date() })
    .where(eq(customTables.id, id));
}

export async function deleteTable(db: Db, id: number) {
  await db.delete(customTables).where(eq(customTables.id, id));
}

export async function listFields(db: Db, tableId: number) {
  return db
    .select()
    .from(customTableFields)
    .where(eq(customTableFields.tableId, tableId))
    .orderBy(asc(customTableFields.sortIndex), asc(customTableFields.id));
}

export async function insertFields(db: Db, values: NewField[]) {
  if (!values.length) return [];
  return db.insert(customTableFields).values(values).returning();
}

export async function updateField(db: Db, id: number, values: Partial<NewField>) {
  await db.update(customTableFields).set(values).where(eq(customTableFields.id, id));
}

export async function deleteFields(db: Db, ids: number[]) {
  if (ids.length) await db.delete(customTableFields).where(inArray(customTableFields.id, ids));
}
