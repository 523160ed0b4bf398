import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { preparedFor } from "#server/db/prepared";
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

/** The reads of every space page and of each access check, built once (prepared.ts). */
const spaceReads = preparedFor((db) => ({
  space: db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, sql.placeholder("id")), eq(spaces.tenantId, sql.placeholder("tenantId"))))
    .prepare("space_by_id"),
  membership: db
    .select()
    .from(spaceUsers)
    .where(and(eq(spaceUsers.spaceId, sql.placeholder("spaceId")), eq(spaceUsers.userId, sql.placeholder("userId"))))
    .prepare("space_membership"),
  ofUser: db
    .select({ space: spaces, role: spaceUsers.role })
    .from(spaceUsers)
    .innerJoin(spaces, eq(spaces.id, spaceUsers.spaceId))
    .where(and(eq(spaceUsers.userId, sql.placeholder("userId")), eq(spaces.tenantId, sql.placeholder("tenantId"))))
    .orderBy(sql`case when ${spaces.type} = 'Personal' then 0 else 1 end`, asc(spaces.id))
    .prepare("spaces_of_user"),
}));

export async function findSpace(db: Db, tenantId: number, id: number) {
  const [row] = await spaceReads(db).space.execute({ id, tenantId });
  return row;
}

export async function findMembership(db: Db, spaceId: number, userId: number) {
  const [row] = await spaceReads(db).membership.execute({ spaceId, userId });
  return row;
}

/** The caller's spaces, Personal first, then by creation. */
export async function listSpacesOfUser(db: Db, tenantId: number, userId: number) {
  return spaceReads(db).ofUser.execute({ tenantId, userId });
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
