import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { publishStatuses } from "../../../contract/enums";
import { codeLanguages, type PluginConfig, pluginTypes } from "../../../contract/plugin";
import { createdAt, modifiedAt } from "./columns";
import { spaces } from "./space";
import { users } from "./user";

/**
 * A plugin's draft (plugin_config of original-backend.md §1.7). Its history lives in config_history (target type
 * Plugin) and its publications in publish_apply/published, like an agent's.
 */
export const plugins = pgTable(
  "plugin",
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
    icon: text("icon").notNull().default(""),
    type: text("type", { enum: pluginTypes }).notNull(),
    /** CODE plugins only. */
    codeLang: text("code_lang", { enum: codeLanguages }),
    config: jsonb("config").$type<PluginConfig>().notNull(),
    publishStatus: text("publish_status", { enum: publishStatuses }).notNull().default("Developing"),
    publishDate: timestamp("publish_date", { withTimezone: true, mode: "date" }),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("plugin_space_idx").on(t.spaceId, t.modified), index("plugin_tenant_idx").on(t.tenantId)],
);
