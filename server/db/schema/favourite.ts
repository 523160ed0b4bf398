import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./user";

/** Published kinds a user can favourite in the square besides agents (those keep user_agent_relation). */
export const favouriteTargetTypes = ["Plugin", "Workflow"] as const;
export type FavouriteTargetType = (typeof favouriteTargetTypes)[number];

/**
 * A user's favourite (收藏) published plugin or workflow. No foreign key to the target: the favourite outlives an
 * unpublish and comes back with a new publication; lists only show targets that are live.
 */
export const userFavourites = pgTable(
  "user_favourite",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: favouriteTargetTypes }).notNull(),
    targetId: integer("target_id").notNull(),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex("user_favourite_uq").on(t.userId, t.targetType, t.targetId),
    index("user_favourite_target_idx").on(t.targetType, t.targetId),
    index("user_favourite_recent_idx").on(t.userId, t.targetType, t.id),
  ],
);
