import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ComponentPageInput } from "#contract/api/component";
import type { Db } from "#server/db/client";
import { preparedPerShape } from "#server/db/prepared";
import { customTables, knowledgeBases, models, plugins, workflows } from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";

type Kind = "Plugin" | "Workflow" | "Knowledge" | "Table" | "Model";

export interface LibraryFilter {
  tenantId: number;
  spaceId: number;
  type: ComponentPageInput["type"];
  published: boolean;
  creatorId?: number;
  kw?: string;
}

/** Which conditions a filter has; its values go in placeholders, so one shape is one statement. */
interface LibraryShape {
  type: LibraryFilter["type"];
  published: boolean;
  creator: boolean;
  kw: boolean;
}

/** The columns every kind's table shares; the kind-specific ones are given per branch below. */
interface Common {
  id: PgColumn;
  tenantId: PgColumn;
  spaceId: PgColumn;
  name: PgColumn;
  description: PgColumn;
  creatorId: PgColumn;
  created: PgColumn;
  modified: PgColumn;
}

/**
 * One kind's rows as library rows. Every field is aliased to the same name in every branch, so the branches
 * line up in a UNION ALL and the outer query can name them. Only the listed columns are read — never a
 * plugin's config or a workflow's graph.
 */
function branch(
  db: Db,
  kind: Kind,
  t: PgTable & Common,
  extra: { icon: SQL; publishStatus: SQL; ext: SQL; where?: SQL },
  f: LibraryShape,
) {
  const p = sql.placeholder;
  const conditions: (SQL | undefined)[] = [eq(t.tenantId, p("tenantId")), eq(t.spaceId, p("spaceId")), extra.where];
  if (f.published) conditions.push(sql`${extra.publishStatus} = 'Published'`);
  if (f.creator) conditions.push(eq(t.creatorId, p("creatorId")));
  if (f.kw) conditions.push(or(ilike(t.name, p("pattern")), ilike(t.description, p("pattern"))));
  return db
    .select({
      id: sql<number>`${t.id}`.as("id"),
      type: sql<Kind>`${kind}::text`.as("type"),
      name: sql<string>`${t.name}`.as("name"),
      description: sql<string>`${t.description}`.as("description"),
      icon: sql<string>`${extra.icon}`.as("icon"),
      publishStatus: sql<"Developing" | "Applying" | "Published" | "Rejected" | null>`${extra.publishStatus}`.as(
        "publish_status",
      ),
      ext: sql<string | null>`${extra.ext}`.as("ext"),
      creatorId: sql<number | null>`${t.creatorId}`.as("creator_id"),
      created: sql`${t.created}`.mapWith(asDate(t.created)).as("created"),
      modified: sql`${t.modified}`.mapWith(asDate(t.modified)).as("modified"),
    })
    .from(t)
    .where(and(...conditions));
}

const noStatus = sql`null::text`;

/** A timestamp as the column's own decoder reads it (drivers differ in what they hand over). */
const asDate = (column: PgColumn) => (value: unknown) => column.mapFromDriverValue(value) as Date;

const branches: Record<Kind, (db: Db, f: LibraryShape) => ReturnType<typeof branch>> = {
  Plugin: (db, f) =>
    branch(
      db,
      "Plugin",
      plugins,
      { icon: sql`${plugins.icon}`, publishStatus: sql`${plugins.publishStatus}`, ext: sql`${plugins.type}` },
      f,
    ),
  Workflow: (db, f) =>
    branch(
      db,
      "Workflow",
      workflows,
      { icon: sql`${workflows.icon}`, publishStatus: sql`${workflows.publishStatus}`, ext: noStatus },
      f,
    ),
  Knowledge: (db, f) =>
    branch(
      db,
      "Knowledge",
      knowledgeBases,
      {
        icon: sql`${knowledgeBases.icon}`,
        publishStatus: noStatus,
        ext: sql`case when ${knowledgeBases.dataType} = 2 then 'TABLE' else 'TEXT' end`,
      },
      f,
    ),
  Table: (db, f) =>
    branch(
      db,
      "Table",
      customTables,
      { icon: sql`coalesce(${customTables.icon}, '')`, publishStatus: noStatus, ext: noStatus },
      f,
    ),
  Model: (db, f) =>
    branch(
      db,
      "Model",
      models,
      { icon: sql`''`, publishStatus: noStatus, ext: sql`${models.protocol}`, where: eq(models.scope, "Space") },
      f,
    ),
};

/** The kinds a filter can show: one tab's kind, or all; only plugins and workflows are ever published. */
function kindsOf(f: LibraryShape): Kind[] {
  const all: Kind[] = ["Plugin", "Workflow", "Knowledge", "Table", "Model"];
  const kinds = f.type === "All_Type" ? all : all.filter((k) => k === f.type);
  return f.published ? kinds.filter((k) => k === "Plugin" || k === "Workflow") : kinds;
}

/**
 * The library's page and count for one filter shape, built once per database (prepared.ts): the union of five
 * kinds cost its API call about a millisecond to build at every visit.
 */
const libraryReads = preparedPerShape(
  (shape: LibraryShape) =>
    `${shape.type}_${shape.published ? "p" : ""}${shape.creator ? "c" : ""}${shape.kw ? "k" : ""}`,
  (db, shape, name) => {
    const [first, ...rest] = kindsOf(shape).map((kind) => branches[kind](db, shape));
    if (!first) return null;
    const lib = rest.reduce<ReturnType<typeof branch>>((q, next) => q.unionAll(next) as never, first).as("lib");
    return {
      page: db
        .select({
          id: lib.id,
          type: lib.type,
          name: lib.name,
          description: lib.description,
          icon: lib.icon,
          publishStatus: lib.publishStatus,
          ext: lib.ext,
          creatorId: lib.creatorId,
          created: lib.created,
          modified: lib.modified,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(lib)
        .orderBy(desc(lib.modified), desc(lib.id), lib.type)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(`library_page_${name}`),
      count: db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(lib)
        .prepare(`library_count_${name}`),
    };
  },
);

/**
 * One page of the space's library across its kinds, most recently changed first, with the number of rows the
 * filter matches (one query: a window count over the union).
 */
export async function pageLibrary(db: Db, f: LibraryFilter, limit: number, offset: number) {
  const reads = libraryReads(db)({
    type: f.type,
    published: f.published,
    creator: Boolean(f.creatorId),
    kw: Boolean(f.kw),
  });
  if (!reads) return { rows: [], total: 0 };
  const values = {
    tenantId: f.tenantId,
    spaceId: f.spaceId,
    creatorId: f.creatorId ?? 0,
    pattern: f.kw ? containsPattern(f.kw) : "",
  };
  const rows = await reads.page.execute({ ...values, limit, offset });
  // A page past the end has no row to carry the count: count on its own then.
  const total = rows[0]?.total ?? (offset > 0 ? ((await reads.count.execute(values))[0]?.n ?? 0) : 0);
  return { rows, total };
}
