import { and, desc, eq, exists, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { type FavouriteTargetType, publishedItems, userFavourites, users } from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";
import { visibleScope } from "../publish";

/**
 * One page of a user's favourite targets of one kind, newest favourite first: only those with a publication the user
 * can see (matching `kw` in its name or description when given).
 */
export async function pageFavouriteTargets(
  db: Db,
  f: { tenantId: number; userId: number; targetType: FavouriteTargetType; spaceIds: number[]; kw?: string },
  limit: number,
  offset: number,
) {
  const published: SQL[] = [
    eq(publishedItems.tenantId, userFavourites.tenantId),
    eq(publishedItems.targetType, userFavourites.targetType),
    eq(publishedItems.targetId, userFavourites.targetId),
    visibleScope(f.spaceIds),
  ];
  if (f.kw) {
    const pattern = containsPattern(f.kw);
    published.push(or(ilike(publishedItems.name, pattern), ilike(publishedItems.description, pattern)) as SQL);
  }
  const rows = await db
    .select({ targetId: userFavourites.targetId })
    .from(userFavourites)
    .where(
      and(
        eq(userFavourites.tenantId, f.tenantId),
        eq(userFavourites.userId, f.userId),
        eq(userFavourites.targetType, f.targetType),
        exists(
          db
            .select({ one: publishedItems.id })
            .from(publishedItems)
            .where(and(...published)),
        ),
      ),
    )
    .orderBy(desc(userFavourites.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.targetId);
}

/** The publications of these targets the user can see, with their publishers, newest first. */
export async function visiblePublications(
  db: Db,
  f: { tenantId: number; targetType: FavouriteTargetType; spaceIds: number[] },
  targetIds: number[],
) {
  if (!targetIds.length) return [];
  return db
    .select({ item: publishedItems, user: users })
    .from(publishedItems)
    .leftJoin(users, eq(users.id, publishedItems.userId))
    .where(
      and(
        eq(publishedItems.tenantId, f.tenantId),
        eq(publishedItems.targetType, f.targetType),
        inArray(publishedItems.targetId, targetIds),
        visibleScope(f.spaceIds),
      ),
    )
    .orderBy(desc(publishedItems.id));
}
