import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, real, serial, text } from "drizzle-orm/pg-core";
import { agents } from "./agent";
import { createdAt, modifiedAt } from "./columns";
import { users } from "./user";

/** jieba tokens of the memory's text as a `simple` tsvector (like knowledge segments). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One long-term memory of a user with an agent (memory_unit of original-backend.md §1.11). `memoryKey` names the
 * fact within its category/sub-category (姓名, 当前项目…): a later statement of the same fact updates this row
 * instead of adding a second one. `embedding` is the built-in lexical embedding (float4[], cosine in SQL or
 * pgvector), so recall works on every database without a model key.
 */
export const memories = pgTable(
  "memory_unit",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    subCategory: text("sub_category").notNull().default(""),
    memoryKey: text("memory_key").notNull().default(""),
    content: text("content").notNull(),
    isSensitive: boolean("is_sensitive").notNull().default(false),
    terms: tsvector("terms").notNull().default(sql`''::tsvector`),
    embedding: real("embedding").array(),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    index("memory_unit_owner_idx").on(t.userId, t.agentId, t.modified),
    index("memory_unit_terms_idx").using("gin", t.terms),
  ],
);
