import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, modifiedAt } from "./columns";
import { spaces } from "./space";
import { users } from "./user";

/**
 * A data table's definition (custom_table_definition of original-backend.md §7.3). Its rows live in a physical
 * table of its own, `agent_custom_table.custom_table_<id>` (server/runtime/table/ddl.ts), not in this schema.
 */
export const customTables = pgTable(
  "custom_table",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon"),
    /** 1 in use, -1 disabled (CustomTableDefinitionInfo.status). */
    status: smallint("status").notNull().default(1),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("custom_table_space_idx").on(t.spaceId, t.modified), index("custom_table_tenant_idx").on(t.tenantId)],
);

/** A custom field of a data table; the physical column carries its name. System columns are not stored here. */
export const customTableFields = pgTable(
  "custom_table_field",
  {
    id: serial("id").primaryKey(),
    tableId: integer("table_id")
      .notNull()
      .references(() => customTables.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** 1 String, 2 Integer, 3 Number, 4 Boolean, 5 Date, 7 long text (contract/api/table.ts). */
    fieldType: smallint("field_type").notNull(),
    nullable: boolean("nullable").notNull().default(true),
    unique: boolean("is_unique").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    defaultValue: text("default_value"),
    sortIndex: integer("sort_index").notNull().default(0),
  },
  (t) => [uniqueIndex("custom_table_field_name_idx").on(t.tableId, t.name)],
);
