import {
  and,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "#server/db/client";
import { preparedFor, preparedPerShape } from "#server/db/prepared";
import { applyStatuses, publishApplies, publishedItems, users } from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";

export type ApplyRow = typeof publishApplies.$inferSelect;
export type PublishedRow = typeof publishedItems.$inferSelect;
type TargetType = ApplyRow["targetType"];

/**
 * What the list pages show: each row without its `config` snapshot (an agent's whole configuration, read only
 * by one application's page), and of its user only the name fields (not the password hash and the rest).
 */
const { config: _applyConfig, ...applyListColumns } = getTableColumns(publishApplies);
const { config: _publishedConfig, ...publishedListColumns } = getTableColumns(publishedItems);
const listUserColumns = {
  id: users.id,
  userName: users.userName,
  nickName: users.nickName,
  avatar: users.avatar,
  role: users.role,
};
export type PublishedListRow = Omit<PublishedRow, "config">;

export async function insertApply(db: Db, values: typeof publishApplies.$inferInsert) {
  const [row] = await db.insert(publishApplies).values(values).returning();
  if (!row) throw new Error("apply insert returned nothing");
  return row;
}

export async function findApply(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(publishApplies)
    .where(and(eq(publishApplies.id, id), eq(publishApplies.tenantId, tenantId)));
  return row;
}

/** A new application replaces a pending one for the same target and scope (and space). */
export async function deletePendingApplies(
  db: Db,
  targetType: TargetType,
  targetId: number,
  scope: ApplyRow["scope"],
  publishSpaceId: number | null,
) {
  await db
    .delete(publishApplies)
    .where(
      and(
        eq(publishApplies.targetType, targetType),
        eq(publishApplies.targetId, targetId),
        eq(publishApplies.scope, scope),
        eq(publishApplies.status, "Applying"),
        publishSpaceId === null
          ? isNull(publishApplies.publishSpaceId)
          : eq(publishApplies.publishSpaceId, publishSpaceId),
      ),
    );
}

/**
 * Settles a waiting application: only one of several concurrent audits finds it still Applying (the others wait
 * for the row lock, then match nothing and get undefined).
 */
export async function claimApply(db: Db, id: number, values: Partial<typeof publishApplies.$inferInsert>) {
  const [row] = await db
    .update(publishApplies)
    .set(values)
    .where(and(eq(publishApplies.id, id), eq(publishApplies.status, "Applying")))
    .returning();
  return row;
}

/** Serialises publishing work on one target (applies, audits, off-shelf) for the rest of the transaction. */
export async function lockTarget(db: Db, targetType: TargetType, targetId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`publish:${targetType}`}), ${targetId})`);
}

interface ApplyFilter {
  targetType?: TargetType;
  status?: ApplyRow["status"];
  kw?: string;
}

/**
 * Which conditions an audit-queue query has; its values go in placeholders, so one shape is one set of statements.
 * A status picks one of the set (byStatus), so it is no part of the shape.
 */
const applyShape = (f: ApplyFilter) => [f.targetType ? "t" : "", f.kw ? "k" : ""].join("");

/**
 * 发布审核's reads (every visit to the queue runs them), built once per filter shape and database (prepared.ts):
 * building them anew was a tenth of the call. Without a status: waiting applications first, each part newest
 * first, read in the order of the (tenant, status, id) index, where one query ordered by a CASE over the status
 * sorted every matching row (11 ms for 1000 of them).
 */
const applyPageReads = preparedPerShape(
  (shape: string) => shape,
  (db, shape) => {
    const p = sql.placeholder;
    const conditions: SQL[] = [eq(publishApplies.tenantId, p("tenantId"))];
    if (shape.includes("t")) conditions.push(eq(publishApplies.targetType, p("targetType")));
    if (shape.includes("k"))
      conditions.push(
        or(ilike(publishApplies.name, p("pattern")), ilike(publishApplies.description, p("pattern"))) as SQL,
      );
    const newest = (where: SQL | undefined, name: string) =>
      db
        // A plugin application's list row says HTTP or CODE: that one field of the snapshot.
        .select({
          apply: { ...applyListColumns, pluginType: sql<string | null>`${publishApplies.config}->>'type'` },
          user: listUserColumns,
        })
        .from(publishApplies)
        .leftJoin(users, eq(users.id, publishApplies.applyUserId))
        .where(where)
        .orderBy(desc(publishApplies.id))
        .limit(p("limit"))
        .offset(p("offset"))
        .prepare(`apply_${name}_${shape}`);
    const byStatus = and(...conditions, eq(publishApplies.status, p("status")));
    const waiting = and(...conditions, eq(publishApplies.status, "Applying"));
    const settled = and(
      ...conditions,
      inArray(
        publishApplies.status,
        applyStatuses.filter((status) => status !== "Applying"),
      ),
    );
    return {
      byStatus: newest(byStatus, "page"),
      byStatusCount: db
        .select({ n: sql<number>`count(*)::int` })
        .from(publishApplies)
        .where(byStatus)
        .prepare(`apply_count_${shape}`),
      waiting: newest(waiting, "waiting"),
      settled: newest(settled, "settled"),
      counts: db
        .select({
          n: sql<number>`count(*)::int`,
          waiting: sql<number>`(count(*) filter (where ${publishApplies.status} = 'Applying'))::int`,
        })
        .from(publishApplies)
        .where(and(...conditions))
        .prepare(`apply_counts_${shape}`),
    };
  },
);

export async function pageApplies(db: Db, tenantId: number, f: ApplyFilter, limit: number, offset: number) {
  const reads = applyPageReads(db)(applyShape(f));
  const values = {
    tenantId,
    targetType: f.targetType ?? "",
    status: f.status ?? "",
    pattern: f.kw ? containsPattern(f.kw) : "",
  };
  if (f.status) {
    const [rows, [count]] = await Promise.all([
      reads.byStatus.execute({ ...values, limit, offset }),
      reads.byStatusCount.execute(values),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
  const [[counts], waiting] = await Promise.all([
    reads.counts.execute(values),
    reads.waiting.execute({ ...values, limit, offset }),
  ]);
  const waitingCount = counts?.waiting ?? 0;
  const rest =
    waiting.length < limit
      ? await reads.settled.execute({
          ...values,
          limit: limit - waiting.length,
          offset: Math.max(0, offset - waitingCount),
        })
      : [];
  return { rows: [...waiting, ...rest], total: counts?.n ?? 0 };
}

/** Every application of a target, newest first. */
export async function appliesOfTarget(db: Db, targetType: TargetType, targetId: number) {
  return db
    .select()
    .from(publishApplies)
    .where(and(eq(publishApplies.targetType, targetType), eq(publishApplies.targetId, targetId)))
    .orderBy(desc(publishApplies.id));
}

export async function hasPendingApply(db: Db, targetType: TargetType, targetId: number) {
  const [row] = await db
    .select({ id: publishApplies.id })
    .from(publishApplies)
    .where(
      and(
        eq(publishApplies.targetType, targetType),
        eq(publishApplies.targetId, targetId),
        eq(publishApplies.status, "Applying"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertPublished(db: Db, values: typeof publishedItems.$inferInsert) {
  const [row] = await db.insert(publishedItems).values(values).returning();
  if (!row) throw new Error("published insert returned nothing");
  return row;
}

export async function deletePublishedSameScope(
  db: Db,
  targetType: TargetType,
  targetId: number,
  scope: PublishedRow["scope"],
  publishSpaceId: number | null,
) {
  await db
    .delete(publishedItems)
    .where(
      and(
        eq(publishedItems.targetType, targetType),
        eq(publishedItems.targetId, targetId),
        eq(publishedItems.scope, scope),
        publishSpaceId === null
          ? isNull(publishedItems.publishSpaceId)
          : eq(publishedItems.publishSpaceId, publishSpaceId),
      ),
    );
}

export async function findPublished(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(publishedItems)
    .where(and(eq(publishedItems.id, id), eq(publishedItems.tenantId, tenantId)));
  return row;
}

export async function publishedOfTarget(db: Db, targetType: TargetType, targetId: number) {
  return db
    .select()
    .from(publishedItems)
    .where(and(eq(publishedItems.targetType, targetType), eq(publishedItems.targetId, targetId)))
    .orderBy(desc(publishedItems.id));
}

/**
 * The live publications of several targets, newest first: what a list shows of each (publisher, note, category,
 * scope), not its `config` snapshot — a whole agent's configuration per row, read and copied out of the read cache
 * for every agent on every list page.
 */
const publishedOfTargetsRead = preparedFor((db) =>
  db
    .select({
      id: publishedItems.id,
      tenantId: publishedItems.tenantId,
      targetId: publishedItems.targetId,
      scope: publishedItems.scope,
      userId: publishedItems.userId,
      remark: publishedItems.remark,
      category: publishedItems.category,
    })
    .from(publishedItems)
    .where(
      and(
        eq(publishedItems.targetType, sql.placeholder("targetType")),
        sql`${publishedItems.targetId} = any(${sql.placeholder("targetIds")}::integer[])`,
      ),
    )
    .orderBy(desc(publishedItems.id))
    .prepare("published_of_targets"),
);

export async function publishedOfTargets(db: Db, targetType: TargetType, targetIds: number[]) {
  if (!targetIds.length) return [];
  return publishedOfTargetsRead(db).execute({ targetType, targetIds });
}

/** Whether this call removed it (false when someone else already had). */
export async function deletePublished(db: Db, id: number) {
  const removed = await db.delete(publishedItems).where(eq(publishedItems.id, id)).returning({ id: publishedItems.id });
  return removed.length > 0;
}

export async function deleteAllOfTarget(db: Db, targetType: TargetType, targetId: number) {
  await db
    .delete(publishedItems)
    .where(and(eq(publishedItems.targetType, targetType), eq(publishedItems.targetId, targetId)));
  await db
    .delete(publishApplies)
    .where(and(eq(publishApplies.targetType, targetType), eq(publishApplies.targetId, targetId)));
}

/**
 * Publications the members of these spaces may see: tenant-wide ones, and Space ones in one of the spaces. The
 * spaces may be a placeholder of a prepared query (an integer array), taken as not empty.
 */
export function visibleScope(spaceIds: number[] | Placeholder): SQL {
  const tenantWide = eq(publishedItems.scope, "Tenant");
  if (Array.isArray(spaceIds) && !spaceIds.length) return tenantWide;
  const inSpaces = Array.isArray(spaceIds)
    ? inArray(publishedItems.publishSpaceId, spaceIds)
    : sql`${publishedItems.publishSpaceId} = any(${spaceIds}::integer[])`;
  return or(tenantWide, and(eq(publishedItems.scope, "Space"), inSpaces)) as SQL;
}

interface PublishedFilter {
  targetType: TargetType;
  spaceIds?: number[];
  onlyTenant?: boolean;
  category?: string;
  kw?: string;
  allowCopy?: number;
  onlyTemplate?: number;
}

/** Which conditions a square query has; its values go in placeholders, so one shape is one statement. */
const publishedShape = (f: PublishedFilter) =>
  [
    f.spaceIds?.length ? "s" : "",
    f.category ? "c" : "",
    f.allowCopy !== undefined ? "a" : "",
    f.onlyTemplate !== undefined ? "t" : "",
    f.kw ? "k" : "",
  ].join("");

/**
 * The square's page and count (every visit to 广场 reads them), built once per filter shape and database
 * (prepared.ts) instead of at every call.
 */
const publishedPageReads = preparedPerShape(
  (shape: string) => shape,
  (db, shape) => {
    const p = sql.placeholder;
    const conditions: SQL[] = [
      eq(publishedItems.tenantId, p("tenantId")),
      eq(publishedItems.targetType, p("targetType")),
      visibleScope(shape.includes("s") ? p("spaceIds") : []),
    ];
    if (shape.includes("c")) conditions.push(eq(publishedItems.category, p("category")));
    if (shape.includes("a")) conditions.push(eq(publishedItems.allowCopy, p("allowCopy")));
    if (shape.includes("t")) conditions.push(eq(publishedItems.onlyTemplate, p("onlyTemplate")));
    if (shape.includes("k"))
      conditions.push(
        or(ilike(publishedItems.name, p("pattern")), ilike(publishedItems.description, p("pattern"))) as SQL,
      );
    const where = and(...conditions);
    return {
      page: db
        .select({ item: publishedListColumns, user: listUserColumns })
        .from(publishedItems)
        .leftJoin(users, eq(users.id, publishedItems.userId))
        .where(where)
        .orderBy(desc(publishedItems.id))
        .limit(p("limit"))
        .offset(p("offset"))
        .prepare(`published_page_${shape}`),
      count: db
        .select({ n: sql<number>`count(*)::int` })
        .from(publishedItems)
        .where(where)
        .prepare(`published_count_${shape}`),
    };
  },
);

/** Published rows a square shows: tenant-wide ones, plus Space rows of the given spaces. */
export async function pagePublished(db: Db, tenantId: number, f: PublishedFilter, limit: number, offset: number) {
  const reads = publishedPageReads(db)(publishedShape(f));
  const values = {
    tenantId,
    targetType: f.targetType,
    spaceIds: f.spaceIds ?? [],
    category: f.category ?? "",
    allowCopy: f.allowCopy ?? 0,
    onlyTemplate: f.onlyTemplate ?? 0,
    pattern: f.kw ? containsPattern(f.kw) : "",
  };
  const [rows, [count]] = await Promise.all([
    reads.page.execute({ ...values, limit, offset }),
    reads.count.execute(values),
  ]);
  return { rows, total: count?.n ?? 0 };
}
