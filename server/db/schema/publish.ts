import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { applyStatuses, notifyScopes, publishScopes, publishTargetTypes } from "../../../contract/enums";
import { createdAt, modifiedAt } from "./columns";
import { users } from "./user";

export { applyStatuses, notifyScopes, publishScopes, publishTargetTypes };

/** What an application and a publication both carry: the target, its snapshot and where it goes. */
const publicationColumns = () => ({
  targetType: text("target_type", { enum: publishTargetTypes }).notNull(),
  targetId: integer("target_id").notNull(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  icon: text("icon").notNull().default(""),
  remark: text("remark").notNull().default(""),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  scope: text("scope", { enum: publishScopes }).notNull(),
  /** For Space scope: the space it is published into. */
  publishSpaceId: integer("publish_space_id"),
  category: text("category").notNull().default("Other"),
  allowCopy: integer("allow_copy").notNull().default(0),
  onlyTemplate: integer("only_template").notNull().default(0),
});

/** An application to publish: the draft's snapshot at the moment of applying, and the audit outcome. */
export const publishApplies = pgTable(
  "publish_apply",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id").notNull(),
    applyUserId: integer("apply_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...publicationColumns(),
    status: text("status", { enum: applyStatuses }).notNull().default("Applying"),
    reason: text("reason").notNull().default(""),
    auditUserId: integer("audit_user_id"),
    auditTime: timestamp("audit_time", { withTimezone: true, mode: "date" }),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    index("publish_apply_target_idx").on(t.targetType, t.targetId),
    index("publish_apply_status_idx").on(t.tenantId, t.status, t.id),
  ],
);

/** What is live: one row per target and scope (and space), whose snapshot normal conversations run. */
export const publishedItems = pgTable(
  "published",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applyId: integer("apply_id"),
    ...publicationColumns(),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    index("published_target_idx").on(t.targetType, t.targetId),
    index("published_list_idx").on(t.tenantId, t.targetType, t.scope, t.id),
  ],
);

export const notifyMessages = pgTable("notify_message", {
  id: serial("id").primaryKey(),
  tenantId: integer("tenant_id").notNull(),
  senderId: integer("sender_id"),
  scope: text("scope", { enum: notifyScopes }).notNull(),
  content: text("content").notNull(),
  created: createdAt(),
});

export const notifyMessageUsers = pgTable(
  "notify_message_user",
  {
    id: serial("id").primaryKey(),
    notifyId: integer("notify_id")
      .notNull()
      .references(() => notifyMessages.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readStatus: text("read_status", { enum: ["Unread", "Read"] })
      .notNull()
      .default("Unread"),
    created: createdAt(),
  },
  (t) => [index("notify_message_user_idx").on(t.userId, t.readStatus, t.id)],
);
