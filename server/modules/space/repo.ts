import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { spaces, spaceUsers, users } from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";

export type SpaceRow = typeof spaces.$inferSelect;
export type SpaceRole = (typeof spaceUsers.$inferSelect)["role"];

export async function insertSpace(db: Db, values: typeof spaces.$inferInsert) {
  const [row] = await db.insert(spaces).values(values).returning();
  if (!row) throw new Error("space insert returned nothing");
  await db.insert(spaceUsers).values({ spaceId: row.id, userId: values.creatorId, role: "Owner" });
  return row;
}

export async function findSpace(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), eq(spaces.tenantId, tenantId)));
  return row;
}

export async function findMembership(db: Db, spaceId: number, userId: number) {
  const [row] = await db
    .select()
    .from(spaceUsers)
    .where(and(eq(spaceUsers.spaceId, spaceId), eq(spaceUsers.userId, userId)));
  return row;
}

/** The caller's spaces, Personal first, then by creation. */
export async function listSpacesOfUser(db: Db, tenantId: number, userId: number) {
  return db
    .select({ space: spaces, role: spaceUsers.role })
    .from(spaceUsers)
    .innerJoin(spaces, eq(spaces.id, spaceUsers.spaceId))
    .where(and(eq(spaceUsers.userId, userId), eq(spaces.tenantId, tenantId)))
    .orderBy(sql`case when ${spaces.type} = 'Personal' then 0 else 1 end`, asc(spaces.id));
}

export async function updateSpace(db: Db, id: number, values: Partial<typeof spaces.$inferInsert>) {
  await db.update(spaces).set(values).where(eq(spaces.id, id));
}

export async function deleteSpace(db: Db, id: number) {
  await db.delete(spaces).where(eq(spaces.id, id));
}

export async function listMembers(db: Db, spaceId: number, filter: { kw?: string; role?: SpaceRole }) {
  const conditions = [eq(spaceUsers.spaceId, spaceId)];
  if (filter.role) conditions.push(eq(spaceUsers.role, filter.role));
  if (filter.kw) {
    const pattern = containsPattern(filter.kw);
    const match = or(ilike(users.userName, pattern), ilike(users.nickName, pattern));
    if (match) conditions.push(match);
  }
  return db
    .select({ member: spaceUsers, user: users })
    .from(spaceUsers)
    .innerJoin(users, eq(users.id, spaceUsers.userId))
    .where(and(...conditions))
    .orderBy(sql`case ${spaceUsers.role} when 'Owner' then 0 when 'Admin' then 1 else 2 end`, asc(spaceUsers.id));
}

export async function addMember(db: Db, spaceId: number, userId: number, role: SpaceRole) {
  await db.insert(spaceUsers).values({ spaceId, userId, role }).onConflictDoNothing();
}

export async function setMemberRole(db: Db, spaceId: number, userId: number, role: SpaceRole) {
  await db
    .update(spaceUsers)
    .set({ role })
    .where(and(eq(spaceUsers.spaceId, spaceId), eq(spaceUsers.userId, userId)));
}

export async function removeMember(db: Db, spaceId: number, userId: number) {
  await db.delete(spaceUsers).where(and(eq(spaceUsers.spaceId, spaceId), eq(spaceUsers.userId, userId)));
}
