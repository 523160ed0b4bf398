import { integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, modifiedAt } from "./columns";

export const tenants = pgTable("tenant", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description"),
  status: text("status", { enum: ["Enabled", "Disabled"] })
    .notNull()
    .default("Enabled"),
  created: createdAt(),
  modified: modifiedAt(),
});

/** Overrides of the tenant's settings; defaults live in code and are merged on read. */
export const tenantConfigs = pgTable("tenant_config", {
  tenantId: integer("tenant_id")
    .primaryKey()
    .references(() => tenants.id),
  values: jsonb("values").$type<Record<string, unknown>>().notNull().default({}),
  modified: modifiedAt(),
});
