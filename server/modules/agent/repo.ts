import { and, count, desc, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { iconOr } from "#contract/icons";
import type { Db } from "#server/db/client";
import { preparedFor, preparedPerShape } from "#server/db/prepared";
import {
  agentComponents,
  agentStatistics,
  agents,
  cards,
  configHistory,
  publishedItems,
  type relationKinds,
  type statisticNames,
  userAgentRelations,
  users,
} from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";

export type AgentRow = typeof agents.$inferSelect;
export type NewAgent = typeof agents.$inferInsert;
export type ComponentRow = typeof agentComponents.$inferSelect;
export type NewComponent = typeof agentComponents.$inferInsert;
export type RelationKind = (typeof relationKinds)[number];
export type StatisticName = (typeof statisticNames)[number];

export async function insertAgent(db: Db, values: NewAgent) {
  const [row] = await db.insert(agents).values(values).returning();
  if (!row) throw new Error("agent insert returned nothing");
  return row;
}

export async function findAgent(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.tenantId, tenantId)));
  return row;
}

/** Names and icons of agents by id (lists that show which agent each row belongs to). */
export async function agentLabels(db: Db, tenantId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { agentId: number; name: string; icon: string }>();
  const rows = await db
    .select({ agentId: agents.id, name: agents.name, icon: agents.icon })
    .from(agents)
    .where(and(eq(agents.tenantId, tenantId), inArray(agents.id, ids)));
  return new Map(rows.map((r) => [r.agentId, { ...r, icon: iconOr("Agent", r.icon) }]));
}

export async function updateAgent(db: Db, id: number, values: Partial<NewAgent>) {
  await db.update(agents).set(values).where(eq(agents.id, id));
}

export async function deleteAgent(db: Db, id: number) {
  await db.delete(agents).where(eq(agents.id, id));
}

export interface AgentFilter {
  spaceId: number;
  status: "All" | "Published" | "Recently_Open";
  creatorId?: number;
  kw?: string;
  viewerId: number;
}

/** The filter's values, named as the shape's placeholders take them (see `agentListReads`). */
const filterValues = (f: AgentFilter) => ({
  spaceId: f.spaceId,
  creatorId: f.creatorId ?? 0,
  pattern: f.kw ? containsPattern(f.kw) : "",
  viewerId: f.viewerId,
});

/** A filter's shape: which conditions it has. Its values go in placeholders, so one shape is one statement. */
type FilterShape = Pick<AgentFilter, "status"> & { creator: boolean; kw: boolean };

const shapeOf = (f: AgentFilter): FilterShape => ({
  status: f.status,
  creator: Boolean(f.creatorId),
  kw: Boolean(f.kw),
});

/** "Recently opened" = the viewer edited or chatted with it; newest touch first. */
const lastTouch = sql<Date | null>`(select max(${userAgentRelations.modified}) from ${userAgentRelations}
    where ${userAgentRelations.agentId} = ${agents.id} and ${userAgentRelations.userId} = ${sql.placeholder("viewerId")}
    and ${userAgentRelations.type} in ('Edit', 'Conversation'))`;

function filterConditions(shape: FilterShape) {
  const conditions: SQL[] = [eq(agents.spaceId, sql.placeholder("spaceId"))];
  if (shape.status === "Published") conditions.push(eq(agents.publishStatus, "Published"));
  if (shape.creator) conditions.push(eq(agents.creatorId, sql.placeholder("creatorId")));
  if (shape.kw) {
    const pattern = sql.placeholder("pattern");
    const match = or(ilike(agents.name, pattern), ilike(agents.description, pattern));
    if (match) conditions.push(match);
  }
  if (shape.status === "Recently_Open") conditions.push(sql`${lastTouch} is not null`);
  return and(...conditions);
}

/**
 * The develop list's reads (every visit to 智能体开发 counts and lists), built once per filter shape and database
 * (prepared.ts): building them anew cost the page's API call about a fifth of its time.
 */
const agentListReads = preparedPerShape(
  (shape: FilterShape) => `${shape.status}_${shape.creator ? "c" : ""}${shape.kw ? "k" : ""}`,
  (db, shape, name) => {
    const where = filterConditions(shape);
    const order =
      shape.status === "Recently_Open"
        ? [sql`${lastTouch} desc`, desc(agents.id)]
        : [desc(agents.modified), desc(agents.id)];
    return {
      count: db.select({ n: count() }).from(agents).where(where).prepare(`agent_count_${name}`),
      all: db
        .select()
        .from(agents)
        .where(where)
        .orderBy(...order)
        .prepare(`agent_list_${name}`),
      page: db
        .select()
        .from(agents)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(`agent_page_${name}`),
    };
  },
);

export async function listAgents(db: Db, f: AgentFilter, page?: { limit: number; offset: number }) {
  const reads = agentListReads(db)(shapeOf(f));
  return page ? reads.page.execute({ ...filterValues(f), ...page }) : reads.all.execute(filterValues(f));
}

export async function countAgents(db: Db, f: AgentFilter) {
  const [row] = await agentListReads(db)(shapeOf(f)).count.execute(filterValues(f));
  return row?.n ?? 0;
}

export async function insertComponent(db: Db, values: NewComponent) {
  const [row] = await db.insert(agentComponents).values(values).returning();
  if (!row) throw new Error("component insert returned nothing");
  return row;
}

export async function listComponents(db: Db, agentId: number) {
  return db.select().from(agentComponents).where(eq(agentComponents.agentId, agentId)).orderBy(agentComponents.id);
}

export async function findComponent(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(agentComponents)
    .where(and(eq(agentComponents.id, id), eq(agentComponents.tenantId, tenantId)));
  return row;
}

export async function updateComponent(db: Db, id: number, values: Partial<NewComponent>) {
  await db.update(agentComponents).set(values).where(eq(agentComponents.id, id));
}

export async function deleteComponent(db: Db, id: number) {
  await db.delete(agentComponents).where(eq(agentComponents.id, id));
}

export async function insertHistory(db: Db, values: typeof configHistory.$inferInsert) {
  await db.insert(configHistory).values(values);
}

export async function updateHistory(db: Db, id: number, values: Partial<typeof configHistory.$inferInsert>) {
  await db.update(configHistory).set(values).where(eq(configHistory.id, id));
}

export async function listHistory(db: Db, targetType: "Agent" | "Plugin" | "Workflow", targetId: number, limit = 200) {
  return db
    .select({ entry: configHistory, user: users })
    .from(configHistory)
    .leftJoin(users, eq(users.id, configHistory.opUserId))
    .where(and(eq(configHistory.targetType, targetType), eq(configHistory.targetId, targetId)))
    .orderBy(desc(configHistory.id))
    .limit(limit);
}

/** Inserts or touches the relation; returns whether it is new (for idempotent counters). */
export async function upsertRelation(
  db: Db,
  userId: number,
  agentId: number,
  type: RelationKind,
  extra: Record<string, unknown> = {},
) {
  const [row] = await db
    .insert(userAgentRelations)
    .values({ userId, agentId, type, extra })
    .onConflictDoUpdate({
      target: [userAgentRelations.userId, userAgentRelations.agentId, userAgentRelations.type],
      set: { modified: new Date(), extra },
    })
    .returning({ created: userAgentRelations.created, modified: userAgentRelations.modified });
  return Boolean(row && row.created.getTime() === row.modified.getTime());
}

/**
 * Inserts or touches many relations in one statement. A statement may not upsert one row twice, so of the same
 * user, agent and kind the last entry wins.
 */
export async function touchRelations(
  db: Db,
  rows: { userId: number; agentId: number; type: RelationKind; extra: Record<string, unknown> }[],
) {
  const unique = [...new Map(rows.map((r) => [`${r.userId} ${r.agentId} ${r.type}`, r] as const)).values()];
  if (!unique.length) return;
  await db
    .insert(userAgentRelations)
    .values(unique)
    .onConflictDoUpdate({
      target: [userAgentRelations.userId, userAgentRelations.agentId, userAgentRelations.type],
      set: { modified: new Date(), extra: sql`excluded.extra` },
    });
}

export async function insertRelationOnce(db: Db, userId: number, agentId: number, type: RelationKind) {
  const rows = await db
    .insert(userAgentRelations)
    .values({ userId, agentId, type })
    .onConflictDoNothing()
    .returning({ id: userAgentRelations.id });
  return rows.length > 0;
}

export async function deleteRelation(db: Db, userId: number, agentId: number, type: RelationKind) {
  const rows = await db
    .delete(userAgentRelations)
    .where(
      and(
        eq(userAgentRelations.userId, userId),
        eq(userAgentRelations.agentId, agentId),
        eq(userAgentRelations.type, type),
      ),
    )
    .returning({ id: userAgentRelations.id });
  return rows.length > 0;
}

export async function relationsOf(db: Db, userId: number, agentIds: number[]) {
  if (!agentIds.length) return [];
  return db
    .select({ agentId: userAgentRelations.agentId, type: userAgentRelations.type })
    .from(userAgentRelations)
    .where(and(eq(userAgentRelations.userId, userId), inArray(userAgentRelations.agentId, agentIds)));
}

/** The statistics of some agents and the viewer's relations to them, read together (every agent list shows both). */
const figuresRead = preparedFor((db) => {
  const ids = sql`any(${sql.placeholder("ids")}::integer[])`;
  // Both halves give the same four columns: which kind of row, the agent, the statistic's or relation's name, the value.
  const figure = (relation: boolean, agentId: SQLWrapper, name: SQLWrapper, value: SQLWrapper) => ({
    relation: sql<boolean>`${sql.raw(String(relation))}`.as("relation"),
    agentId: sql<number>`${agentId}`.mapWith(Number).as("agent_id"),
    name: sql<string>`${name}`.as("name"),
    value: sql<number>`${value}`.mapWith(Number).as("value"),
  });
  const statistics = db
    .select(figure(false, agentStatistics.agentId, agentStatistics.name, agentStatistics.value))
    .from(agentStatistics)
    .where(sql`${agentStatistics.agentId} = ${ids}`);
  const relations = db
    .select(figure(true, userAgentRelations.agentId, userAgentRelations.type, sql`0`))
    .from(userAgentRelations)
    .where(and(eq(userAgentRelations.userId, sql.placeholder("userId")), sql`${userAgentRelations.agentId} = ${ids}`));
  return statistics.unionAll(relations).prepare("agent_figures");
});

export async function figuresOf(db: Db, userId: number, agentIds: number[]) {
  if (!agentIds.length) return { statistics: [], relations: [] };
  const rows = await figuresRead(db).execute({ userId, ids: agentIds });
  const statistics: { agentId: number; name: StatisticName; value: number }[] = [];
  const relations: { agentId: number; type: RelationKind }[] = [];
  for (const r of rows) {
    if (r.relation) relations.push({ agentId: r.agentId, type: r.name as RelationKind });
    else statistics.push({ agentId: r.agentId, name: r.name as StatisticName, value: r.value });
  }
  return { statistics, relations };
}

/**
 * Which agents a relation list may show: those of the viewer's spaces (these ids), plus those with a live
 * publication the viewer may use (to the whole tenant, or into one of these spaces) — the same rule as
 * `visiblePublication`. `null` shows every agent of the tenant (system admins).
 */
export type VisibleSpaces = number[] | null;

function relatedConditions(tenantId: number, userId: number, type: RelationKind, visible: VisibleSpaces) {
  const conditions: SQL[] = [
    eq(userAgentRelations.userId, userId),
    eq(userAgentRelations.type, type),
    eq(agents.tenantId, tenantId),
  ];
  if (visible) {
    const seen = or(inArray(agents.spaceId, visible), sql`exists (${livePublication(visible)})`);
    if (seen) conditions.push(seen);
  }
  return and(...conditions);
}

/** A live publication of the agent row in scope that these spaces' members may use. */
function livePublication(spaceIds: number[]) {
  const reachable = or(eq(publishedItems.scope, "Tenant"), inArray(publishedItems.publishSpaceId, spaceIds));
  return sql`select 1 from ${publishedItems} where ${and(
    eq(publishedItems.targetType, "Agent"),
    eq(publishedItems.targetId, agents.id),
    eq(publishedItems.tenantId, agents.tenantId),
    reachable,
  )}`;
}

/** The user's agents of one relation kind that they may still see, newest first, limited to the tenant. */
export async function listRelatedAgents(
  db: Db,
  tenantId: number,
  userId: number,
  type: RelationKind,
  visible: VisibleSpaces,
  { limit, offset = 0 }: { limit: number; offset?: number },
) {
  return db
    .select({ relation: userAgentRelations, agent: agents })
    .from(userAgentRelations)
    .innerJoin(agents, eq(agents.id, userAgentRelations.agentId))
    .where(relatedConditions(tenantId, userId, type, visible))
    .orderBy(desc(userAgentRelations.modified), desc(userAgentRelations.id))
    .limit(limit)
    .offset(offset);
}

export async function countRelatedAgents(
  db: Db,
  tenantId: number,
  userId: number,
  type: RelationKind,
  visible: VisibleSpaces,
) {
  const [row] = await db
    .select({ n: count() })
    .from(userAgentRelations)
    .innerJoin(agents, eq(agents.id, userAgentRelations.agentId))
    .where(relatedConditions(tenantId, userId, type, visible));
  return row?.n ?? 0;
}

export async function bumpStatistic(db: Db, agentId: number, name: StatisticName, delta: number) {
  await db
    .insert(agentStatistics)
    .values({ agentId, name, value: Math.max(0, delta) })
    .onConflictDoUpdate({
      target: [agentStatistics.agentId, agentStatistics.name],
      set: { value: sql`greatest(0, ${agentStatistics.value} + ${delta})` },
    });
}

export async function statisticsOf(db: Db, agentIds: number[]) {
  if (!agentIds.length) return [];
  return db.select().from(agentStatistics).where(inArray(agentStatistics.agentId, agentIds));
}

export async function listCards(db: Db) {
  return db.select().from(cards).orderBy(cards.id);
}

export async function ensureCards(db: Db, rows: (typeof cards.$inferInsert)[]) {
  await db.insert(cards).values(rows).onConflictDoNothing();
}

/** Creators and users of the listed agents, built once (prepared.ts). */
const usersRead = preparedFor((db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder("ids")}::integer[])`)
    .prepare("users_by_ids"),
);

export async function findUsers(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return usersRead(db).execute({ ids });
}
