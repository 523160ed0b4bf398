import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { spaceRoles, spaceTypes } from "../../../contract/enums";
import { createdAt, modifiedAt } from "./columns";
import { tenants } from "./tenant";
import { users } from "./user";

export { spaceRoles, spaceTypes };

export const spaces = pgTable(
  "space",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    name: text("name").notNull(),
    description: text("description"),
    icon: text("icon"),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    type: text("type", { enum: spaceTypes }).notNull().default("Team"),
    receivePublish: integer("receive_publish").notNull().default(1),
    allowDevelop: integer("allow_develop").notNull().default(1),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("space_tenant_idx").on(t.tenantId)],
);

export const spaceUsers = pgTable(
  "space_user",
  {
    id: serial("id").primaryKey(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: spaceRoles }).notNull().default("User"),
    created: createdAt(),
  },
  (t) => [uniqueIndex("space_user_uq").on(t.spaceId, t.userId), index("space_user_user_idx").on(t.userId)],
);
